import { describe, expect, it } from 'vitest';
import { SETTING_KEYS, SETTINGS, isSettingKey } from './settings.js';

describe('the settings registry', () => {
  it('accepts every default with its own schema', () => {
    for (const key of SETTING_KEYS) expect(SETTINGS[key].schema.safeParse(SETTINGS[key].default).success, key).toBe(true);
  });

  it('bounds every number: never 0, never unlimited, default inside, outside refused', () => {
    for (const key of SETTING_KEYS) {
      const def = SETTINGS[key];
      if (typeof def.default !== 'number') continue;
      const bounds = 'bounds' in def ? def.bounds : undefined;
      expect(bounds, key).toBeDefined();
      expect(bounds!.min, key).toBeGreaterThanOrEqual(1);
      expect(Number.isFinite(bounds!.max), key).toBe(true);
      expect(def.default, key).toBeGreaterThanOrEqual(bounds!.min);
      expect(def.default, key).toBeLessThanOrEqual(bounds!.max);
      for (const outside of [0, bounds!.min - 1, bounds!.max + 1, Infinity, Number.NaN]) {
        expect(def.schema.safeParse(outside).success, `${key} = ${outside}`).toBe(false);
      }
    }
    expect(SETTINGS.max_upload_mb.bounds?.max).toBe(5);
  });

  it('knows only its own keys, not those every object has', () => {
    expect(isSettingKey('maintenance_mode')).toBe(true);
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', '']) expect(isSettingKey(key), key).toBe(false);
  });
});
