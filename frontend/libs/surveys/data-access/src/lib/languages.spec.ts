import { textDirection } from './languages';

describe('textDirection', () => {
  it('reads Arabic right to left, whatever digits or marks come first', () => {
    expect(textDirection('كيف تقيّم الرعاية؟')).toBe('rtl');
    expect(textDirection('1. كيف تقيّم الرعاية؟')).toBe('rtl');
    expect(textDirection('שלום')).toBe('rtl');
  });

  it('reads the other survey scripts left to right', () => {
    for (const t of ['How was it?', '¿Qué hicimos bien?', 'Как вы оцениваете?', '您如何评价？', '받으신 진료를', 'Quý vị đánh giá', 'Ki jan ou ta evalye', '3 (ok)', '', null]) {
      expect(textDirection(t)).toBe('ltr');
    }
  });

  it('goes by the first letter: an English sentence quoting Arabic stays left to right', () => {
    expect(textDirection('Say "مرحبا" to the patient')).toBe('ltr');
  });
});
