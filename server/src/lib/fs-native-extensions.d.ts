// fs-native-extensions ships no types; this is the one function Plates uses.
declare module 'fs-native-extensions' {
  /** Takes an exclusive (or, with `shared`, a shared) lock on the open file `fd` without waiting: false when it is held elsewhere. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  const fsx: { tryLock: typeof tryLock };
  export default fsx;
}
