// /blogs and /blogs/{key} are one screen (the key is optional): one chunk serves both.
export { default } from './blog.tsx';
