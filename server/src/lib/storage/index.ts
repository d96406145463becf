import path from 'node:path';
import type { Config } from '../../config.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { ImageStorage } from './storage.js';

export * from './storage.js';
export { createLocalStorage, type LocalImageStorage, type LocalStorageOptions } from './local-storage.js';
export { createS3Storage, type S3ImageStorage, type S3StorageOptions } from './s3-storage.js';

/** S3-compatible storage when the `S3_*` variables are set, else `DATA_DIR/uploads`. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3' | 'appUrl'>): ImageStorage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage({
    dir: path.join(config.dataDir, 'uploads'),
    publicPrefix: '/uploads',
    publicOrigin: config.appUrl,
  });
}
