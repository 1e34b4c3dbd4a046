import { describe, expect, it } from 'vitest';
import { defaultTemplateDraft, templateFromDraft } from './shelf-template-dialog.tsx';

const twentyByTwenty = { width: 20, height: 20 };

describe('shelf template draft', () => {
  it('defaults to the grid minus a one-cell border, 2-deep racks of 4 and 2-cell aisles', () => {
    expect(defaultTemplateDraft(twentyByTwenty)).toEqual({
      x: '1',
      y: '1',
      width: '18',
      height: '18',
      shelfLength: '4',
      shelfDepth: '2',
      aisleWidth: '2',
      orientation: 'vertical',
    });
    expect(defaultTemplateDraft({ width: 5, height: 5 }).shelfLength).toBe('1');
  });

  it('turns a valid draft into the warehouse template', () => {
    expect(
      templateFromDraft({ ...defaultTemplateDraft(twentyByTwenty), orientation: 'horizontal' }, twentyByTwenty),
    ).toEqual({
      ok: true,
      template: {
        area: { position: [1, 1], size: [18, 18] },
        shelfLength: 4,
        shelfDepth: 2,
        aisleWidth: 2,
        orientation: 'horizontal',
      },
    });
  });

  it('names every field that is not a whole number in range', () => {
    const result = templateFromDraft(
      { ...defaultTemplateDraft(twentyByTwenty), x: '19', width: '5', shelfDepth: '1.5', aisleWidth: '' },
      twentyByTwenty,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        width: 'Enter a whole number from 1 to 1',
        shelfDepth: 'Enter a whole number from 1 to 20',
        aisleWidth: 'Enter a whole number from 1 to 20',
      },
    });
  });
});
