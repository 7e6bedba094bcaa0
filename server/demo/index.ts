// The --demo workspace: a seeded .GCC/ in a temp folder and a simulated agent writing to it as Contexa's Python does.
export { startDemo, type Demo, type DemoOptions } from './demo.ts';
