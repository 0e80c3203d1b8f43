import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  Text,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ApiError, useAdminProducts, useCorrectProduct } from '@medrelay/api-client';
import { productParams, productUpdateSchema, translate, type Product } from '@medrelay/contracts';
import type { DosageForm } from '@medrelay/domain/dosage-forms';
import { currentLanguage } from '@medrelay/i18n';
import {
  DosageFormSelect,
  EmptyState,
  FormDialog,
  Pager,
  QueryGate,
  useDosageFormLabel,
  useNotify,
} from '@medrelay/ui';
import { adminPageSize } from '../admin-page';
import { useListStyles } from '../list-styles';
import { DebouncedSearch, useFilterStyles } from '../users/filters';

const useStyles = makeStyles({
  header: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
});

/**
 * The product dictionary, a section of Listings: what each GTIN names, learned from
 * the first listing of a pack. An admin corrects an entry (or adds one); listings never
 * overwrite a correction.
 */
export function ProductDictionary() {
  const styles = useStyles();
  const listStyles = useListStyles();
  const filterStyles = useFilterStyles();
  const { t } = useTranslation('admin');
  const typeLabel = useDosageFormLabel();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  // The dialog opens without a DialogTrigger: this gives focus back to Add or Edit when it closes.
  const restoreFocus = useRestoreFocusTarget();
  const products = useAdminProducts({ q: q || undefined, page, pageSize: adminPageSize });

  return (
    <section aria-labelledby="product-dictionary-title">
      <div className={styles.header}>
        <Text as="h2" size={500} weight="semibold" id="product-dictionary-title">
          {t('products.title')}
        </Text>
        <DebouncedSearch
          label={t('products.search')}
          onSearch={(text) => {
            setQ(text);
            setPage(1);
          }}
          className={filterStyles.search}
        />
        <Button onClick={() => setEditing('new')} {...restoreFocus}>
          {t('products.add')}
        </Button>
      </div>
      <Text size={200} block className={listStyles.muted}>
        {t('products.subtitle')}
      </Text>
      <Card className={listStyles.card}>
        <QueryGate query={products} failedTitle={t('products.loadFailed')}>
          {({ items, total }) => (
            <>
              {items.length ? (
                <ul className={listStyles.list}>
                  {items.map((product) => (
                    <li key={product.gtin} className={listStyles.row} data-testid="product-row">
                      <div className={listStyles.main}>
                        <Text weight="semibold" block dir="auto">
                          {product.name}
                        </Text>
                        <Text size={200} className={listStyles.muted} block>
                          <bdi>{product.gtin}</bdi> · <bdi>{typeLabel(product.type)}</bdi>
                        </Text>
                      </div>
                      <Badge appearance="tint" color={product.source === 'admin' ? 'brand' : 'informative'}>
                        {t(`products.source.${product.source}`)}
                      </Badge>
                      <Button
                        aria-label={t('products.editLabel', { name: product.name })}
                        onClick={() => setEditing(product)}
                        {...restoreFocus}
                      >
                        {t('products.edit')}
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : (
                <EmptyState title={t('products.empty')} />
              )}
              <Pager page={page} pageSize={adminPageSize} total={total} onPage={setPage} />
            </>
          )}
        </QueryGate>
      </Card>
      {editing && (
        <ProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}

/** Corrects one entry (or adds one by its GTIN): checked with the API's own schemas. */
function ProductDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const notify = useNotify();
  const correct = useCorrectProduct();
  const [gtin, setGtin] = useState(product?.gtin ?? '');
  const [name, setName] = useState(product?.name ?? '');
  const [type, setType] = useState<DosageForm | ''>(product?.type ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const language = currentLanguage(i18n);

  const save = () => {
    const code = productParams.safeParse({ gtin: gtin.trim() });
    const body = productUpdateSchema.safeParse({ name, type });
    const found: Record<string, string> = {};
    if (!code.success) found.gtin = translate('gtinInvalid', language);
    if (!body.success)
      for (const issue of body.error.issues) {
        const key = issue.message as Parameters<typeof translate>[0];
        found[String(issue.path[0])] ??= translate(key, language);
      }
    setProblems(found);
    if (!code.success || !body.success) return;
    correct.mutate(
      { gtin: code.data.gtin, values: body.data },
      {
        onSuccess: () => {
          notify.success(t('products.saved'));
          onClose();
        },
        onError: (error) =>
          error instanceof ApiError && error.serverMessage
            ? setProblems({ form: error.serverMessage })
            : notify.failure(t('products.saveFailed'), error),
      },
    );
  };

  return (
    <FormDialog
      title={t(product ? 'products.editTitle' : 'products.addTitle')}
      submitLabel={t('products.save')}
      busy={correct.isPending}
      onSubmit={save}
      onClose={onClose}
    >
      <Field label={t('common:medicine.gtin')} validationMessage={problems.gtin}>
        <Input
          dir="ltr"
          inputMode="numeric"
          maxLength={14}
          value={gtin}
          disabled={!!product}
          onChange={(_, data) => setGtin(data.value)}
        />
      </Field>
      <Field label={t('common:medicine.name')} validationMessage={problems.name} required>
        <Input dir="auto" value={name} onChange={(_, data) => setName(data.value)} />
      </Field>
      <Field label={t('common:medicine.type')} validationMessage={problems.type} required>
        <DosageFormSelect value={type} onValue={(value) => setType(value as DosageForm)} />
      </Field>
      {problems.form && <Text role="alert">{problems.form}</Text>}
    </FormDialog>
  );
}
