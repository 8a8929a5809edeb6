import { describe, expect, it } from 'vitest';
import { unzip } from './export-zip.testkit.ts';
import { centralRecord, dosTime, endRecords, storedFile, type ZipEntry } from './export-zip.ts';

function build(files: [string, Buffer][]): Buffer {
  const at = dosTime(new Date('2026-06-01T10:00:00Z'));
  const chunks: Buffer[] = [];
  const entries: ZipEntry[] = [];
  let offset = 0;
  for (const [name, bytes] of files) {
    const { chunk, entry } = storedFile(name, bytes, offset, at);
    chunks.push(chunk);
    entries.push(entry);
    offset += chunk.length;
  }
  const cd = Buffer.concat(entries.map((e) => centralRecord(e, at)));
  return Buffer.concat([...chunks, cd, endRecords(entries.length, offset, cd.length)]);
}

describe('the export ZIP', () => {
  it('reads back with a standard unzipper: folders, UTF-8 names, bytes intact', async () => {
    const photo = Buffer.from([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);
    const files = await unzip(
      build([
        ['10001/110101200001011234.jpg', photo],
        ['10001/manifest.csv', Buffer.from('\uFEFFfile,name\r\n110101200001011234.jpg,张三\r\n')],
      ]),
    );
    expect([...files.keys()]).toEqual(['10001/110101200001011234.jpg', '10001/manifest.csv']);
    expect(files.get('10001/110101200001011234.jpg')).toEqual(photo);
    expect(files.get('10001/manifest.csv')!.toString()).toContain('张三');
  });

  it('past 65,535 entries it adds the ZIP64 end records, and every entry is still found', async () => {
    const many = Array.from({ length: 70_000 }, (_, i) => [`s/${i}.txt`, Buffer.from(String(i))] as [string, Buffer]);
    const files = await unzip(build(many));
    expect(files.size).toBe(70_000);
    expect(files.get('s/69999.txt')!.toString()).toBe('69999');
  });
});
