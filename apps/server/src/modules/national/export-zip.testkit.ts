import yauzl from 'yauzl';

/** Every entry's name and bytes, as a standard unzipper reads the archive. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, z) => {
      if (err || !z) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      z.on('entry', (e: yauzl.Entry) =>
        z.openReadStream(e, (err2, s) => {
          if (err2 || !s) return reject(err2 ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => {
            out.set(e.fileName, Buffer.concat(chunks));
            z.readEntry();
          });
        }),
      );
      z.on('end', () => resolve(out));
      z.on('error', reject);
      z.readEntry();
    });
  });
}
