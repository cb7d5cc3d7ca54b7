import { useCollection } from '../../stores/use-collection';
import { Checkbox, CheckboxGroup, RatingInput, Select, TagInput, TextArea, TextField } from '../fields';
import { GoalPicker } from '../GoalPicker';
import type { FieldSpec } from './field-spec';
import type { FormValue } from './form-values';
import { recordTitle } from './record-title';
import { ChannelsInput } from '../ChannelsInput';
import { RepeatInput } from './RepeatInput';

export interface FieldInputProps {
  spec: FieldSpec;
  value: FormValue;
  error?: string[];
  onChange: (value: FormValue) => void;
  onBlur: () => void;
}

const weekdayOptions = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((label, i) => ({
  value: String(i),
  label,
}));

function ReferenceInput({ spec, value, error, onChange, onBlur, model }: FieldInputProps & { model: string }) {
  const { items } = useCollection(model);
  return (
    <Select
      label={spec.label}
      error={error}
      value={String(value)}
      placeholder="— none —"
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value)}
      options={items
        .filter((item) => item.id > 0)
        .map((item) => ({ value: String(item.id), label: recordTitle(model, item) }))}
    />
  );
}

function ReferencesInput({ spec, value, error, onChange, model }: FieldInputProps & { model: string }) {
  const { items, status } = useCollection(model);
  const options = items
    .filter((item) => item.id > 0)
    .map((item) => ({ value: String(item.id), label: recordTitle(model, item) }));
  if (status === 'ready' && !options.length)
    return <p className="lb-muted">{spec.label}: none yet. Add some first, then link them here.</p>;
  return (
    <CheckboxGroup
      label={spec.label}
      hint={spec.help}
      error={error}
      options={options}
      value={Array.isArray(value) ? value : []}
      onChange={onChange}
    />
  );
}

/** The input for one schema field, chosen by its kind. */
export function FieldInput(props: FieldInputProps) {
  const { spec, value, error, onChange, onBlur } = props;
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  const label = spec.required ? `${spec.label} (required)` : spec.label;
  const common = { label, error, name: spec.name, onBlur, hint: spec.help };
  const kind = spec.kind;
  switch (kind.type) {
    case 'checkbox':
      return (
        <Checkbox
          label={spec.label}
          name={spec.name}
          error={error}
          checked={value === true}
          onBlur={onBlur}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          value={text}
          placeholder={spec.required ? undefined : '— not set —'}
          options={kind.options.map((option) => ({ value: option, label: kind.labels[option] }))}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'reference':
      if (kind.model === 'goal') {
        return (
          <GoalPicker
            label={spec.label}
            error={error}
            onBlur={onBlur}
            value={text ? Number(text) : null}
            onChange={(id) => onChange(id === null ? '' : String(id))}
          />
        );
      }
      return <ReferenceInput {...props} model={kind.model} />;
    case 'rating':
      return <RatingInput label={spec.label} name={spec.name} error={error} value={text} onChange={onChange} />;
    case 'tags':
      return (
        <TagInput
          label={spec.label}
          hint={spec.help}
          name={spec.name}
          error={error}
          value={list}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
    case 'weekdays':
      return (
        <CheckboxGroup
          label={spec.label}
          hint={spec.help}
          error={error}
          options={weekdayOptions}
          value={list}
          onChange={onChange}
        />
      );
    case 'repeat':
      return <RepeatInput label={spec.label} hint={spec.help} error={error} value={text} onChange={onChange} />;
    case 'references':
      return <ReferencesInput {...props} model={kind.model} />;
    case 'choices':
      return (
        <CheckboxGroup
          label={spec.label}
          hint={spec.help}
          error={error}
          options={kind.options.map((o) => ({ value: o, label: kind.labels[o] }))}
          value={list}
          onChange={onChange}
        />
      );
    case 'channels':
      return (
        <ChannelsInput
          label={spec.label}
          hint={spec.help}
          error={error}
          options={kind.options}
          labels={kind.labels}
          value={list}
          onChange={onChange}
        />
      );
    case 'textarea':
      return (
        <TextArea {...common} value={text} maxLength={kind.maxLength} onChange={(e) => onChange(e.target.value)} />
      );
    case 'richtext':
      return (
        <TextArea
          {...common}
          rows={8}
          value={text}
          hint={spec.help ?? 'Plain paragraphs: one per line.'}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'lines':
      return (
        <TextArea
          {...common}
          rows={4}
          value={text}
          hint={spec.help ?? 'One item per line, in order.'}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'money':
      return (
        <TextField
          {...common}
          type="number"
          inputMode="decimal"
          value={text}
          min={0}
          max={kind.max === undefined ? undefined : kind.max / 100}
          step="0.01"
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'url':
      return (
        <TextField
          {...common}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={text}
          maxLength={kind.maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
      return (
        <TextField
          {...common}
          type="number"
          inputMode="decimal"
          value={text}
          min={kind.min}
          max={kind.max}
          step={kind.integer ? 1 : 'any'}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'date':
      return <TextField {...common} type="date" value={text} onChange={(e) => onChange(e.target.value)} />;
    case 'datetime':
      return <TextField {...common} type="datetime-local" value={text} onChange={(e) => onChange(e.target.value)} />;
    case 'time':
      return <TextField {...common} type="time" value={text} onChange={(e) => onChange(e.target.value)} />;
    case 'color':
      return (
        <TextField {...common} type="color" value={text || '#2f5bd3'} onChange={(e) => onChange(e.target.value)} />
      );
    default:
      return (
        <TextField {...common} value={text} maxLength={kind.maxLength} onChange={(e) => onChange(e.target.value)} />
      );
  }
}
