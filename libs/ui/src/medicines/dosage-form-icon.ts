import {
  Beaker24Regular,
  BriefcaseMedical24Regular,
  CircleLine24Regular,
  Drop24Regular,
  HandDraw24Regular,
  Oval24Regular,
  Patch24Regular,
  Pill24Regular,
  Syringe24Regular,
  TicketHorizontal24Regular,
  WeatherDrizzle24Regular,
  WeatherFog24Regular,
  type FluentIcon,
} from '@fluentui/react-icons';
import { isDosageForm, type DosageForm } from '@medrelay/domain/dosage-forms';

/** A medical kit: "Other", and a type that is no dosage form key (text typed before the keys). */
export const genericFormIcon: FluentIcon = BriefcaseMedical24Regular;

/**
 * Without a photo, the pack's form tells listings apart at a glance. Typed by the form keys, so a
 * form added to libs/domain cannot be left without one.
 */
export const dosageFormIcons: Record<DosageForm, FluentIcon> = {
  // A scored tablet; a capsule.
  tablets: CircleLine24Regular,
  capsules: Pill24Regular,
  syrup: Beaker24Regular,
  suspension: Beaker24Regular,
  injection: Syringe24Regular,
  inhaler: WeatherFog24Regular,
  drops: Drop24Regular,
  cream: HandDraw24Regular,
  ointment: HandDraw24Regular,
  gel: HandDraw24Regular,
  spray: WeatherDrizzle24Regular,
  suppository: Oval24Regular,
  sachet: TicketHorizontal24Regular,
  patch: Patch24Regular,
  other: genericFormIcon,
};

/** The icon of a medicine's type: its form's, or the generic one. */
export function dosageFormIcon(type: string | null | undefined): FluentIcon {
  return isDosageForm(type) ? dosageFormIcons[type] : genericFormIcon;
}
