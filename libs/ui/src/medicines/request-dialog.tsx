import { useState } from 'react';
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Textarea,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, isKeptForLater, useCreateRequest, useRequest } from '@medrelay/api-client';
import {
  requestCreateFormSchema,
  requestLimits,
  type Medicine,
  type RequestCreate,
  type RequestCreateInput,
} from '@medrelay/contracts';
import { needsColdChain } from '@medrelay/domain/categories';
import { useNotify } from '../use-notify';
import { fieldMessage } from '../forms/field-message';
import { FormDialog } from '../components/form-dialog';
import { RequesterRequestActions } from './request-actions';
import { ListingDetails } from './listing-details';
import { RequestRow } from './request-row';

/** The caller's open request the server named when refusing a second one (409 REQUEST_ALREADY_OPEN). */
function existingRequestOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.body?.code !== 'REQUEST_ALREADY_OPEN') return null;
  const id = (error.body.details as { requestId?: unknown } | undefined)?.requestId;
  return typeof id === 'number' ? id : null;
}

/** The open request, shown in the dialog with its own actions (cancel while pending, collected once approved). */
function ExistingRequest({ id }: { id: number }) {
  const { t } = useTranslation('common');
  const request = useRequest(id);
  if (request.isPending) return <Spinner size="tiny" aria-label={t('busy')} />;
  if (!request.data)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('request.existingFailed')}</MessageBarBody>
      </MessageBar>
    );
  return (
    <RequestRow
      request={request.data}
      counterpart="provider"
      actions={
        <RequesterRequestActions
          request={request.data}
          labels={{ cancel: t('request.cancel'), collected: t('request.collected') }}
        />
      }
    />
  );
}

export interface RequestDialogProps {
  /** A whole listing (a browse card's) is shown in the dialog: what the card left out. */
  medicine: (Pick<Medicine, 'id' | 'name' | 'quantity'> & Partial<Pick<Medicine, 'categories'>>) | Medicine;
  /** The button's and the dialog's wording: 'Request Transfer', 'Request Pickup'. */
  label: string;
  /** Which default note (spec §5): the inter-pharmacy transfer text or the pickup text. */
  notesKind: 'transfer' | 'pickup';
  /** 'Request submitted' (pharmacy) or 'Request submitted successfully' (NGO), spec §8. */
  successTitle: string;
  /** The quantity filled in at first (a match offers what its need accepts); 1 otherwise. */
  initialQuantity?: number;
}

/**
 * The request dialog: quantity 1..available and optional notes with a default text, checked by
 * the contract's schema as the API checks the body.
 */
export default function RequestDialog({
  medicine,
  label,
  notesKind,
  successTitle,
  initialQuantity = 1,
  onClose,
}: RequestDialogProps & { onClose: () => void }) {
  const { t } = useTranslation('common');
  const notify = useNotify();
  const create = useCreateRequest();
  const [schema] = useState(() => requestCreateFormSchema(medicine.quantity));
  const form = useForm<RequestCreateInput, unknown, RequestCreate>({
    resolver: zodResolver(schema),
    defaultValues: { medicineId: medicine.id, quantity: initialQuantity, notes: null },
  });
  const { errors } = form.formState;
  // Until the user writes their own note (null until then), the default follows the quantity.
  const [count, notes] = form.watch(['quantity', 'notes']);
  const defaultNotes = t(`request.${notesKind}Notes`, {
    count: Number.isInteger(count) && count! > 0 ? count : 1,
  });
  // A second request for the same medicine is refused while one is open: offer that one instead.
  const [existing, setExisting] = useState<{ id: number; message: string } | null>(null);
  const [showExisting, setShowExisting] = useState(false);

  const submit = form.handleSubmit(async (body) => {
    try {
      await create.mutateAsync({ ...body, notes: body.notes ?? defaultNotes });
      notify.success(successTitle);
      onClose();
    } catch (error) {
      // No connection: the service worker keeps the request and sends it later (docs/offline.md).
      if (isKeptForLater(error)) {
        notify.success(t('toast.keptForLater'), t('toast.keptForLaterBody'));
        onClose();
        return;
      }
      const id = existingRequestOf(error);
      if (id !== null) setExisting({ id, message: (error as ApiError).serverMessage ?? '' });
      else notify.failure(t('toast.requestFailed'), error);
    }
  });

  // "Only 2 units are available" with the language's plural forms; other rules by their key.
  const quantityMessage =
    errors.quantity?.message === 'insufficientQuantity'
      ? t('request.quantityMax', { count: medicine.quantity })
      : fieldMessage(t, errors.quantity);

  return (
    <FormDialog
      title={`${label}: ${medicine.name}`}
      submitLabel={t('request.submit')}
      busy={create.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {'pickupPlace' in medicine && <ListingDetails medicine={medicine} />}
      {existing && (
        <MessageBar intent="warning" layout="multiline" data-testid="request-already-open">
          <MessageBarBody>{existing.message}</MessageBarBody>
          {!showExisting && (
            <MessageBarActions>
              <Button appearance="primary" onClick={() => setShowExisting(true)}>
                {t('request.openExisting')}
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      {existing && showExisting && <ExistingRequest id={existing.id} />}
      {needsColdChain(medicine.categories) && (
        // Cold-chain stock spoils in a warm car: the collector comes prepared.
        <MessageBar intent="info" layout="multiline" data-testid="cool-box-reminder">
          <MessageBarBody>{t('category.coolBox')}</MessageBarBody>
        </MessageBar>
      )}
      <Field
        label={t('request.quantity')}
        hint={t('request.available', { count: medicine.quantity })}
        validationMessage={quantityMessage}
        required
      >
        <Input
          type="number"
          min={1}
          max={medicine.quantity}
          step={1}
          defaultValue={String(initialQuantity)}
          {...form.register('quantity', { valueAsNumber: true })}
        />
      </Field>
      <Field label={t('request.notes')}>
        <Textarea
          dir="auto"
          maxLength={requestLimits.notesMax}
          value={notes ?? defaultNotes}
          onChange={(_, data) => form.setValue('notes', data.value)}
          resize="vertical"
        />
      </Field>
    </FormDialog>
  );
}
