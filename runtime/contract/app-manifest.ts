/**
 * What the playground's build (`vite build`) writes beside `index.html` for the course build that completes it
 * (runtime/course/tools/build-course-site.ts): the prebuilt app alone has no course.
 */
export const APP_MANIFEST_FILE = 'halo-app.json';

/** The content of {@link APP_MANIFEST_FILE}. */
export interface AppManifest {
  /** The names the browser build of `halo` exports: a course build compiles its programs against them, as the page does. */
  haloExports: string[];
}
