import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-text';

describe('htmlToText: the one HTML-to-text conversion', () => {
  it('ends a line at each block and <br>, drops other tags, and drops blank lines', () => {
    expect(htmlToText('<h2>Title</h2><p>One <strong>bold</strong> line.<br/>Two</p>\n\n<ul><li>a</li><li>b</li></ul>')).toBe('Title\nOne bold line.\nTwo\na\nb');
    expect(htmlToText('<blockquote>Quote</blockquote><div>Div</div><table><tr><td>cell</td></tr></table>')).toBe('Quote\nDiv\ncell');
  });

  it('folds everything to one paragraph in paragraph mode', () => {
    expect(htmlToText('<p>One</p><p>Two  <em>three</em></p>\n<h3>Four</h3>', 'paragraph')).toBe('One Two three Four');
  });

  it('decodes named and numeric entities once, and drops unknown named ones', () => {
    expect(htmlToText('Fish &amp; chips &lt;b&gt; &quot;q&quot; &#39;s&apos; a&nbsp;b &mdash; &#8364; &#x263A; &amp;lt; &bogus;x')).toBe(
      'Fish & chips <b> "q" \'s\' a b — € ☺ &lt; x',
    );
    expect(htmlToText('&#0; &#xD800; &#9999999;')).toBe('');
    expect(htmlToText('Caf&eacute; K&ouml;ln &Auml;rger &AMP; &copy; &euro;')).toBe('Café Köln Ärger & © €');
  });

  it('removes scripts, styles and comments with their contents, and keeps a lone < or > as text', () => {
    expect(htmlToText('<script>alert(1)</script><style>p{}</style><!-- note -->Safe')).toBe('Safe');
    expect(htmlToText('1 < 2 and 3 > 2', 'paragraph')).toBe('1 < 2 and 3 > 2');
    expect(htmlToText('<img src="x" onerror="y">after')).toBe('after');
  });

  it('answers an empty string for nothing', () => {
    expect(htmlToText(null)).toBe('');
    expect(htmlToText(undefined)).toBe('');
    expect(htmlToText('<p> </p><br>')).toBe('');
  });
});
