/** A module's default export rendered in Node (.storybook/server-rendered.ts): each page's name → its HTML. */
declare module '*?server-rendered' {
  const pages: Readonly<Record<string, string>>;
  export default pages;
}
