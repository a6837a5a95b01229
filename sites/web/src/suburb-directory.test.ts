import { type Suburb, suburbs } from '@cleanquote/content';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';
import {
  directoryOf,
  type PageSuburbData,
  pageSuburbDataId,
  renderPageSuburbData,
} from './suburb-directory.ts';

const options = { publicUrl: 'https://clean.example' };

/** The suburb data block of a rendered head, parsed as the browser reads it. */
function dataIn(head: string): PageSuburbData | undefined {
  const json = head.match(
    new RegExp(`<script type="application/json" id="${pageSuburbDataId}">(.*?)</script>`),
  )?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as PageSuburbData);
}

describe('the suburb data a page carries', () => {
  it('is the shown suburb and its nearby links on a suburb page, nothing more', () => {
    const suburb = suburbs[10];
    if (!suburb) throw new Error('the suburb data set is too small');
    const data = dataIn(render(`/${suburb.slug}`, options).head);
    expect(data?.suburb).toEqual(suburb);
    expect(data?.nearby).toHaveLength(6);
    expect(data?.nearby.map((link) => link.slug)).not.toContain(suburb.slug);
    // The links the server rendered are the ones the browser will render.
    const html = render(`/${suburb.slug}`, options).html;
    for (const link of data?.nearby ?? []) expect(html).toContain(`href="/${link.slug}">${link.name}</a>`);
  });

  it("is the named suburb on the home page's ?location= variant, and absent elsewhere", () => {
    expect(dataIn(render('/?location=melbourne-cbd', options).head)?.suburb.name).toBe('Melbourne CBD');
    for (const url of ['/', '/team', '/service-form?suburb=fitzroy', '/?location=nowhere-at-all', '/nope']) {
      expect(render(url, options).head, url).not.toContain(pageSuburbDataId);
    }
  });

  it('cannot end its script element, whatever the text holds', () => {
    const suburb: Suburb = {
      slug: 'evil',
      name: '</script><script>alert(1)</script><!--',
      intro: '\u2028',
      metaTitle: '',
      metaDescription: '',
      services: [],
    };
    const head = renderPageSuburbData({ suburb, nearby: [] });
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    expect(head).not.toContain('<!--');
    expect(dataIn(head)?.suburb).toEqual(suburb);
  });

  it('gives the browser a directory that knows that suburb only', () => {
    const [suburb, other] = suburbs;
    if (!suburb || !other) throw new Error('the suburb data set is too small');
    const nearby = [{ slug: other.slug, name: other.name }];
    const directory = directoryOf({ suburb, nearby });
    expect(directory.find(suburb.slug)).toEqual(suburb);
    expect(directory.nearby(suburb.slug)).toEqual(nearby);
    expect(directory.find(other.slug)).toBeUndefined();
    expect(directory.nearby(other.slug)).toEqual([]);
  });
});
