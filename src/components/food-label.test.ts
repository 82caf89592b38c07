import { describe, expect, it } from 'vitest';
import { foodLabelLines, sectionText } from './food-label.ts';

describe('foodLabelLines', () => {
  it('states the name, the net quantity and the operator of a complete food', () => {
    expect(
      foodLabelLines({
        description: 'Orecchiette 500 g',
        netQuantity: '500 g',
        operatorName: 'Pastificio Dauno S.r.l.',
        operatorAddress: 'Via Manfredonia 88, 71121 Foggia (FG)',
      }),
    ).toEqual([
      { term: 'Denominazione', lines: ['Orecchiette 500 g'], missing: false },
      { term: 'Quantità netta', lines: ['500 g'], missing: false },
      {
        term: 'Operatore responsabile',
        lines: ['Pastificio Dauno S.r.l.', 'Via Manfredonia 88, 71121 Foggia (FG)'],
        missing: false,
      },
    ]);
  });

  it('says which information is not available instead of leaving it out', () => {
    expect(
      foodLabelLines({ description: 'Orecchiette', netQuantity: null, operatorName: ' ', operatorAddress: null }).slice(
        1,
      ),
    ).toEqual([
      { term: 'Quantità netta', lines: ['Informazione non disponibile'], missing: true },
      { term: 'Operatore responsabile', lines: ['Informazione non disponibile'], missing: true },
    ]);
    expect(
      foodLabelLines({
        description: 'x',
        netQuantity: '1 kg',
        operatorName: 'Caseificio S.r.l.',
        operatorAddress: null,
      })[2],
    ).toEqual({
      term: 'Operatore responsabile',
      lines: ['Caseificio S.r.l.', 'Indirizzo: informazione non disponibile'],
      missing: true,
    });
  });
});

describe('sectionText', () => {
  it('keeps a missing mandatory section of a food with the missing-information words, and drops it for a non-food', () => {
    expect(sectionText(true, 'Conservare in frigorifero.')).toEqual({
      text: 'Conservare in frigorifero.',
      missing: false,
    });
    expect(sectionText(true, null)).toEqual({ text: 'Informazione non disponibile', missing: true });
    expect(sectionText(false, '')).toBeNull();
  });
});
