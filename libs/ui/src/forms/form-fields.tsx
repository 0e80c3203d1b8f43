import { Input, Textarea, type InputProps, type TextareaProps } from '@fluentui/react-components';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** A field of a form; `Out` is what the form's schema turns its values into (zod transforms). */
type Bound<T extends FieldValues, Out = T> = { control: Control<T, unknown, Out>; name: FieldPath<T> };

/** What a stored value looks like in a text box (a number being typed may be NaN for a moment). */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isNaN(value)) return '';
  return String(value);
}

/**
 * A Fluent Input bound to a react-hook-form field as a controlled input.
 *
 * Why not `{...register(name)}`: Fluent's Input keeps its own value state (starting at '') and
 * renders it; react-hook-form writes the stored value into the DOM node, and the Input's next
 * render overwrites it with ''. The form still held the values (Save sent them) while the fields
 * looked empty. Controlled, the displayed value is always the form's.
 */
export function FormInput<T extends FieldValues, Out = T>({
  control,
  name,
  parse,
  ...props
}: Bound<T, Out> &
  Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'name'> & {
    /** Turns the typed text into the stored value (numbers). */
    parse?: (raw: string) => unknown;
  }) {
  const { field } = useController({ control, name });
  return (
    <Input
      {...props}
      name={field.name}
      ref={field.ref}
      value={shown(field.value)}
      onBlur={field.onBlur}
      onChange={(_, data) => field.onChange(parse ? parse(data.value) : data.value)}
    />
  );
}

/** A Fluent Textarea bound to a react-hook-form field (see FormInput for why it is controlled). */
export function FormTextarea<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T> & Omit<TextareaProps, 'value' | 'defaultValue' | 'onChange' | 'name'>) {
  const { field } = useController({ control, name });
  return (
    <Textarea
      {...props}
      name={field.name}
      ref={field.ref}
      value={shown(field.value)}
      onBlur={field.onBlur}
      onChange={(_, data) => field.onChange(data.value)}
    />
  );
}

/** Whole numbers typed into a number box (empty or partial input stays NaN for the schema to reject). */
export const parseWhole = (raw: string) => parseInt(raw, 10);
