import { makeStyles, mergeClasses, Select, type SelectProps } from '@fluentui/react-components';

// A native list is as wide as its longest option: a reason ("Not eligible: MedRelay is for …")
// reads longer than a phone is wide, and pushed the field past its dialog or card (its chevron
// cut off at 390 px in Arabic). The list keeps the field's width instead.
const useStyles = makeStyles({
  root: { minWidth: 0, maxWidth: '100%' },
  list: { minWidth: 0, width: '100%' },
});

/** A Fluent Select of long choices (reasons) that never grows wider than its field. */
export function ReasonSelect({ className, ...props }: Omit<SelectProps, 'select'>) {
  const styles = useStyles();
  return (
    <Select {...props} className={mergeClasses(styles.root, className)} select={{ className: styles.list }} />
  );
}
