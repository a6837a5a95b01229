import type { EmbedScript } from './partners-queries.ts';

/**
 * The HTML a partner pastes into their page: the exact-version script with its integrity hash (so a
 * changed file is refused by their visitors' browsers) and the element with their key.
 */
export function embedSnippet(embed: EmbedScript, partnerKey: string): string {
  return [
    `<script async src="${embed.url}" integrity="${embed.integrity}" crossorigin="anonymous"></script>`,
    `<cleanquote-wizard partner-key="${partnerKey}"></cleanquote-wizard>`,
  ].join('\n');
}

/** A partner key suggested from its name: 'Northside Support Co.' → 'northside-support-co'. */
export function suggestedKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}
