/** File name of the halo tarball, in the site build's root and in every exported project. */
export function tarballName(version: string): string {
  return `halo-${version}.tgz`;
}
