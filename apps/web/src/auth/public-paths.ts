/** Screens anyone may open (spec §2 Access, §6). */
const PUBLIC_PATHS = ['/', '/login', '/register', '/verify-email'] as const;

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
}
