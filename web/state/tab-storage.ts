/** The tab's sessionStorage (it outlives a reload, not the tab), or null where it is denied (a sandboxed page, storage switched off). */
export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
