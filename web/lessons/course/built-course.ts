/// <reference types="vite/client" />
import courseModule from 'virtual:halo-course';
import { createCourse } from './catalog.ts';

/** The course this site was built with (the course folder, read by runtime/course/tools/course-plugin.ts): the entry hands it to the state. */
export const builtCourse = createCourse(courseModule);
