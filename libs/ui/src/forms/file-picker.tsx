import { useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { Attach20Regular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  // Kept in the page (labels and tests reach it) but neither seen nor tabbed to: the button is.
  native: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  name: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere', minWidth: 0 },
});

/**
 * A file chooser in the page's language: the browser's own says "Choose File /
 * No file chosen" in its language, not the page's. A hidden native input (it keeps the Field's
 * label and id, so the label and drag-free tests still reach it), a Fluent button that opens it,
 * and the chosen file's name.
 */
export function FilePicker({
  label,
  chooseLabel,
  noneLabel,
  onFile,
  ...native
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value'> & {
  /** The field's label, so the button's accessible name says what it chooses. */
  label: string;
  chooseLabel: string;
  noneLabel: string;
  onFile: (file: File | null) => void;
}) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState<string | null>(null);
  const nameId = useId();
  return (
    <div className={styles.root}>
      <input
        {...native}
        ref={input}
        type="file"
        tabIndex={-1}
        className={styles.native}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          setName(file?.name ?? null);
          onFile(file);
        }}
      />
      <Button
        icon={<Attach20Regular />}
        onClick={() => input.current?.click()}
        aria-label={`${label}: ${chooseLabel}`}
        aria-describedby={nameId}
      >
        {chooseLabel}
      </Button>
      <Text id={nameId} className={styles.name} dir="auto">
        {name ?? noneLabel}
      </Text>
    </div>
  );
}
