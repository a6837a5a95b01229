/** The shadow root's stylesheet, generated and checked by scripts/build.ts (src/shadow-css.ts). */
declare module 'virtual:cleanquote-shadow-css' {
  const css: string;
  export default css;
}
