/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * A small, complete, accessible HTML page for the few screens the API serves itself (sign-in,
 * newsletter confirmation, unsubscribe). No script; styles in one <style> element. `body` must
 * already be escaped.
 */
export function htmlPage({ title, body }: { title: string; body: string }): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 1rem/1.5 system-ui, sans-serif; margin: 0; background: #f4f7fb; color: #1a2433; }
  main { max-width: 26rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem;
    box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.5rem; margin-top: 0; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { display: block; width: 100%; box-sizing: border-box; margin-top: 0.25rem; padding: 0.6rem;
    font: inherit; border: 1px solid #5b6b80; border-radius: 0.4rem; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #1f6feb; outline-offset: 2px; }
  button { margin-top: 1.5rem; width: 100%; padding: 0.7rem; font: inherit; font-weight: 600; color: #fff;
    background: #0b5cad; border: 0; border-radius: 0.4rem; cursor: pointer; }
  .error { color: #a1141b; background: #fdecec; border: 1px solid #a1141b; padding: 0.6rem; border-radius: 0.4rem; }
  a { color: #0b5cad; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
