import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorId, focusFirstInvalid, invalidProps } from '#client/components/forms/field-errors.ts';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useStudents } from '../api/admin-api.ts';

export interface PickedStudent {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

export const studentLabel = (s: PickedStudent) =>
  [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email;

/** A searchable, scrolling checklist (about 10rem high) that works with thousands of students. */
/** Shows `message` under the picker and focuses its search box. */
export function reportPickerError(idPrefix: string, message: string, show: (message: string) => void) {
  show(message);
  focusFirstInvalid({ [pickerSearchId(idPrefix)]: message });
}

/** The id of a picker's search box (the field an error about the picker focuses). */
export const pickerSearchId = (idPrefix: string) => `${idPrefix}-student-search`;

export function StudentPicker({
  selected,
  onChange,
  enrolledOnly = false,
  idPrefix,
  error,
}: {
  selected: PickedStudent[];
  onChange: (next: PickedStudent[]) => void;
  enrolledOnly?: boolean;
  idPrefix: string;
  /** Shown under the list; the search box is marked invalid and points at it (give it focus with searchId). */
  error?: string;
}) {
  const searchId = pickerSearchId(idPrefix);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);
  const { data, isLoading } = useStudents({
    search: debounced,
    page: 1,
    pageSize: 50,
    enrolled: enrolledOnly,
  });
  const isSelected = (id: string) => selected.some((s) => s.id === id);
  const toggle = (s: PickedStudent) =>
    onChange(isSelected(s.id) ? selected.filter((x) => x.id !== s.id) : [...selected, s]);

  return (
    <div className="grid gap-2">
      {selected.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Selected students">
          {selected.map((s) => (
            // The remove button is a 24 px target (WCAG 2.5.8) that does not make the chip taller.
            <li
              key={s.id}
              className="inline-flex items-center gap-1 rounded-full bg-navy-100 py-0.5 pr-1 pl-2.5 text-xs font-medium text-navy-900"
            >
              {studentLabel(s)}
              <button
                type="button"
                className="-my-1 flex size-6 cursor-pointer items-center justify-center rounded-full hover:bg-navy-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`Remove ${studentLabel(s)}`}
                onClick={() => toggle(s)}
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={searchId}
          aria-label="Search students"
          {...invalidProps(error ? { [searchId]: error } : {}, searchId)}
          placeholder="Search students"
          className="h-10 pl-9"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div className="h-40 overflow-y-auto rounded-md border border-border bg-card p-1">
        {isLoading ? (
          <div className="flex h-full items-center justify-center">
            <Spinner />
          </div>
        ) : !data?.students.length ? (
          <p className="p-3 text-center text-sm text-muted-foreground">No students found</p>
        ) : (
          data.students.map((s) => (
            <label
              key={s.id}
              htmlFor={`${idPrefix}-${s.id}`}
              className="flex cursor-pointer items-center gap-3 rounded px-2 py-1.5 hover:bg-muted"
            >
              <Checkbox
                id={`${idPrefix}-${s.id}`}
                checked={isSelected(s.id)}
                onCheckedChange={() => toggle(s)}
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{studentLabel(s)}</span>
                <span className="block truncate text-xs text-muted-foreground">{s.email}</span>
              </span>
            </label>
          ))
        )}
      </div>
      <FieldError id={errorId(searchId)}>{error}</FieldError>
      {data && data.total > data.students.length ? (
        <p className="text-xs text-muted-foreground">
          Showing {data.students.length} of {data.total}; search to find others.
        </p>
      ) : null}
    </div>
  );
}
