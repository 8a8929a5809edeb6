// Installs Debian's Chromium (and CJK fonts, so screenshots show Chinese) when missing.
// The tests never download a browser of their own.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasCjkFont = () => {
  try {
    return execSync('fc-list :lang=zh family', { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
};
const missing = [];
if (!existsSync(path)) missing.push('chromium');
if (!hasCjkFont()) missing.push('fonts-noto-cjk');
if (missing.length) {
  console.log(`installing Debian packages: ${missing.join(' ')}`);
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    {
      stdio: 'inherit',
    },
  );
}
