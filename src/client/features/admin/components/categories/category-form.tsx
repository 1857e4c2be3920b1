// The category form: name (with the id it will get), description, and in the 'Edit Category' modal the active toggle.
import { useState, type FormEvent } from 'react';
import {
  categoryInputSchema,
  categorySlug,
  type AdminCategory,
  type CategoryInput,
} from '../../../../../shared/admin-catalogue.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../../components/ui/form-controls.tsx';
import { firstIssue } from '../../lib/form-values.ts';
import { CheckboxField, FormError } from '../form-extras.tsx';

type Props = {
  /** Absent: a new category (the form empties after it is created). */
  category?: AdminCategory;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (input: CategoryInput & { isActive: boolean }) => Promise<unknown>;
};

export function CategoryForm({ category, submitLabel, isPending, onSubmit }: Props) {
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [isActive, setIsActive] = useState(category?.isActive ?? true);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = categoryInputSchema.safeParse({ name, description });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    try {
      await onSubmit({ ...parsed.data, isActive });
      if (!category) {
        setName('');
        setDescription('');
      }
    } catch {
      // The mutation has already toasted the server's message; the typed values stay.
    }
  };

  const slug = categorySlug(name);
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={submitLabel}>
      <TextField
        label="Category Name"
        required
        maxLength={80}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        hint={category ? `ID: ${category.id} (the ID does not change)` : `ID: ${slug || '—'}`}
      />
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={500}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      {category ? (
        <CheckboxField
          label="Active (shown to customers)"
          checked={isActive}
          onChange={setIsActive}
        />
      ) : null}
      <FormError message={error} />
      <Button type="submit" disabled={isPending} className="w-full sm:w-auto">
        {isPending ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
