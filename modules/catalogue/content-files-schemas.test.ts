import { describe, expect, it } from 'vitest';
import { gameFile, skillFile, storyFile } from './content-files-schemas';

/** Catalogue HTML is rendered as HTML by the Explore screens, so the import sanitises it. */
const EVIL = '<p onclick="alert(1)">Hi <strong>there</strong></p><script>alert(2)</script><img src="javascript:alert(3)"><a href="javascript:alert(4)">x</a><iframe src="https://evil.example"></iframe>';

function expectClean(html: string) {
  expect(html).toContain('<p>Hi <strong>there</strong></p>');
  expect(html).not.toMatch(/script|onclick|javascript:|iframe/i);
}

describe('catalogue content files', () => {
  it('sanitise skill content, chapter text and game speech and choices, keeping the formatting', () => {
    const skill = skillFile.parse({ urlId: 'empathy', name: 'Empathy', skillGroup: 'social-awareness', content: EVIL });
    expectClean(skill.content);
    const story = storyFile.parse({ urlId: 's', name: 'S', chapters: [{ urlId: 'c', ordinal: 1, name: 'C', htmlContent: EVIL }] });
    expectClean(story.chapters[0]!.htmlContent);
    const game = gameFile.parse({
      urlId: 'g',
      name: 'G',
      startStage: 'a',
      relatedSkills: [],
      stages: [{ key: 'a', type: 'SpeechNPC', htmlContent: EVIL, choices: [{ htmlContent: EVIL }] }],
      feedbacks: [{ skill: 'empathy', operator: 1, value: 1, htmlContent: EVIL }],
    });
    expectClean(game.stages[0]!.htmlContent);
    expectClean(game.stages[0]!.choices[0]!.htmlContent);
    expectClean(game.feedbacks[0]!.htmlContent);
  });

  it('leave the shipped kind of HTML unchanged (headings, lists, quotes, links)', () => {
    const html = '<h2>Why</h2><ul><li><em>a</em></li></ul><ol><li>b</li></ol><blockquote>c</blockquote><p><a href="https://example.com">d</a></p>';
    expect(skillFile.parse({ urlId: 'x', name: 'X', skillGroup: 'y', content: html }).content).toBe(html);
  });
});
