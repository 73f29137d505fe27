declare module 'virtual:halo-course' {
  const course: import('./course-module.ts').CourseModule;
  /** The course the site is built with, made at build time by runtime/course/tools/course-plugin.ts. */
  export default course;
}
