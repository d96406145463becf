// `npm run fuzz:images -- <folder>`: writes the hostile image corpus (server/src/fuzz/hostile-images.ts)
// to a folder, one file per item, to try by hand against a running server, e.g.
//   curl -H "authorization: Bearer $TOKEN" -F title=x -F image=@<folder>/10-bomb.png http://localhost:5000/api/posts
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hostileImages } from '../fuzz/hostile-images.js';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: npm run fuzz:images -- <folder>');
  process.exit(2);
}
await mkdir(folder, { recursive: true });
const items = await hostileImages();
for (const [i, item] of items.entries()) {
  const file = `${String(i + 1).padStart(2, '0')}-${item.filename}`;
  await writeFile(path.join(folder, file), item.bytes);
  console.log(`${file}\t${item.bytes.length} bytes\t${item.type}\t${item.verdict}\t${item.name}`);
}
