// The library's loader, as the shell imports it: a module of its own, imported on demand (an
// embed showing a still fetches no library), whose one named import lets the bundler leave the
// rest of the library to the panels that use it (a dynamic import of 'sprung' itself would
// bring every module of it).
export { init } from 'sprung';
