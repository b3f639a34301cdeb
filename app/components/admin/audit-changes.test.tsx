import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { visibleText } from '../../../tests/support/render-route';
import { AuditChanges, auditChanges } from './audit-changes';

describe('the audit log Changes cell', () => {
  it('lists only the fields that changed, with nested values as paths', () => {
    const before = { name: 'Blue', isDisabled: false, journeys: [{ journeyId: 2, lengthDays: 14 }, { journeyId: 3, lengthDays: 0 }] };
    const after = { name: 'Green', isDisabled: false, journeys: [{ journeyId: 2, lengthDays: 21 }, { journeyId: 3, lengthDays: 0 }, { journeyId: 4, lengthDays: 0 }] };
    expect(auditChanges(before, after)).toEqual([
      { field: 'name', before: 'Blue', after: 'Green' },
      { field: 'journeys[0].lengthDays', before: '14', after: '21' },
      { field: 'journeys[2].journeyId', before: null, after: '4' },
      { field: 'journeys[2].lengthDays', before: null, after: '0' },
    ]);
  });

  it('reads as a sentence to a screen reader: set, removed, changed from … to …', () => {
    const text = visibleText(renderToString(<AuditChanges before={{ a: 'x', gone: true }} after={{ a: 'y', added: null }} />));
    expect(text).toBe('a : changed from x → to y gone : removed, was true added : set to null');
    expect(visibleText(renderToString(<AuditChanges before={null} after={{ email: 'ann@example.test' }} />))).toBe('email : set to ann@example.test');
    expect(visibleText(renderToString(<AuditChanges before={{ a: 1 }} after={{ a: 1 }} />))).toBe('No field changed');
  });

  it('caps a long list and long values', () => {
    const many = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`f${i}`, i]));
    const html = renderToString(<AuditChanges before={null} after={many} />);
    expect(visibleText(html)).toContain('…and 3 more (see the CSV export)');
    expect(auditChanges(null, { note: 'x'.repeat(500) })[0]!.after).toHaveLength(120);
  });
});
