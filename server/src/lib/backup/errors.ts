/** A refusal or failure of a backup or restore, told to the operator in one line (no stack trace). */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The archive cannot be read or written as a tar (damaged, cut short, disk full). */
export class ArchiveError extends BackupError {
  override name = 'ArchiveError';
}
