import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';
import type { UserType } from '@medrelay/contracts';
import { roleBrandColours } from './brand-colours';

type Rgb = [number, number, number];
const hexToRgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const rgbToHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * t) as Rgb;

/** Fluent's 16-step brand ramp (10 darkest … 160 lightest) around one brand colour at step 80. */
export function brandRamp(brandHex: string): BrandVariants {
  const brand = hexToRgb(brandHex);
  const black: Rgb = [8, 12, 16];
  const white: Rgb = [255, 255, 255];
  const steps = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;
  const ramp = {} as Record<(typeof steps)[number], string>;
  steps.forEach((step, i) => {
    ramp[step] =
      i <= 7 ? rgbToHex(mix(black, brand, 0.25 + (0.75 * i) / 7)) : rgbToHex(mix(brand, white, (i - 7) / 9));
  });
  return ramp as BrandVariants;
}

const themes = Object.fromEntries(
  Object.entries(roleBrandColours).map(([role, colour]) => [role, createLightTheme(brandRamp(colour))]),
) as Record<UserType, Theme>;

export function roleTheme(role: UserType | null | undefined): Theme {
  return themes[role ?? 'pharmacy'];
}
