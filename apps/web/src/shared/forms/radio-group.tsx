import './forms.css';
import type { Ref } from 'react';

export interface RadioOption<V extends string> {
  value: V;
  label: string;
}

interface RadioGroupProps<V extends string> {
  legend: string;
  name: string;
  options: readonly RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
  ref?: Ref<HTMLFieldSetElement>;
}

/** One choice among a few, as radio buttons in a fieldset named by its legend. */
export function RadioGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  ref,
}: RadioGroupProps<V>) {
  return (
    <fieldset ref={ref} className="choice-group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice-group__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
