/**
 * Spam trap of the public forms (`Website` in the shared schemas): off screen for sighted users, out of
 * the tab order, never autofilled, and labelled so a screen reader user who meets it knows to skip it.
 * People leave it empty; bots that fill every field give themselves away and the server drops them.
 */
import type { ChangeEvent } from 'react';
import classes from './honeypot-field.module.css';

export function HoneypotField({
  value,
  onChange,
  label,
  id,
}: {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  label: string;
  id: string;
}) {
  return (
    <div className={classes.trap}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="Website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={onChange}
      />
    </div>
  );
}
