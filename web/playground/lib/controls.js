// Controls built from a panel's parameter schema: real <input type=range> sliders with a
// <label> and an <output> read-out, <select> choices and checkboxes. Keyboard accessible
// by construction (native inputs, labelled).
//
// Schema entry kinds:
//   { label, min, max, step, value, unit?, show?(p) }        a slider (the default kind); its
//                                                            read-out and aria-valuetext carry the unit
//   { ..., entry: true }                                     a slider whose read-out is a number
//                                                            field: the value can be typed too
//   { label, options: [[value, text], ...], value, show? }   a choice
//   { label, check: true, value: boolean, show? }            a checkbox
// `show(p)` hides the control when it returns false (e.g. sliders of another mode);
// `group: 'Title'` puts a heading before the control.

/** Number of decimals of a slider step, for read-outs and URLs. */
export function decimals(step) {
  const s = String(step);
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1;
}

/** The kind of a schema entry: 'range', 'select' or 'check'. */
export function kind(spec) {
  return spec.options ? 'select' : spec.check ? 'check' : 'range';
}

/** `value` clamped to a slider's range and rounded to its step, as the slider itself would. */
export function snap(spec, value) {
  const clamped = Math.min(spec.max, Math.max(spec.min, value));
  const stepped = spec.min + Math.round((clamped - spec.min) / spec.step) * spec.step;
  return Number(Math.min(spec.max, stepped).toFixed(decimals(spec.step)));
}

/** Text of a value for read-outs: the slider's decimals and unit. */
export function formatValue(spec, value) {
  if (kind(spec) === 'check') return value ? 'on' : 'off';
  if (kind(spec) === 'select') return String(value);
  const text = value.toFixed(decimals(spec.step));
  return spec.unit ? `${text} ${spec.unit}` : text;
}

/** Units as a screen reader should say them. */
const SPOKEN = {
  s: 'seconds',
  ms: 'milliseconds',
  Hz: 'hertz',
  m: 'metres',
  'm/s': 'metres per second',
  '/s': 'per second',
  '/s²': 'per second squared',
  '°': 'degrees',
  '×dt': 'times dt',
  '%': 'percent',
};

/** The slider's value with its unit in words, for aria-valuetext ("2.00 hertz"). */
export function spokenValue(spec, value) {
  const text = value.toFixed(decimals(spec.step)).replace('-', 'minus ');
  return spec.unit ? `${text} ${SPOKEN[spec.unit] || spec.unit}` : text;
}

/**
 * Builds the controls of `schema` into `form`, initialised from `params`; with `only`, just the
 * controls of those keys (an embed's `&controls=`), without group headings. `onChange(key)`
 * is called on every input (while dragging, too) after `params[key]` was updated.
 * Returns `sync()`, which shows or hides controls whose `show(params)` changed and
 * rewrites every input and read-out from `params`.
 * @param {Set<string> | null} only
 */
export function buildControls(form, panelName, schema, params, only, onChange) {
  const rows = [];
  for (const [key, spec] of Object.entries(schema)) {
    if (spec.group && !only) {
      const heading = document.createElement('h3');
      heading.className = 'group';
      heading.textContent = spec.group;
      form.append(heading);
    }
    const id = `${panelName}-${key}`;
    const row = document.createElement('div');
    row.className = `control control-${kind(spec)}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = spec.label;
    let input;
    /** @type {HTMLOutputElement | null} */
    let output = null;
    /** @type {HTMLInputElement | null} */
    let field = null;
    /** Writes the slider's value to its read-out (or number field) and aria-valuetext. */
    const showValue = () => {
      const value = params[key];
      input.value = String(value);
      input.setAttribute('aria-valuetext', spokenValue(spec, value));
      if (output) output.value = formatValue(spec, value);
      if (field && document.activeElement !== field) field.value = value.toFixed(decimals(spec.step));
    };
    if (kind(spec) === 'select') {
      input = document.createElement('select');
      for (const [value, text] of spec.options) input.add(new Option(text, value));
      input.addEventListener('input', () => {
        params[key] = input.value;
        onChange(key);
      });
      row.append(label, input);
    } else if (kind(spec) === 'check') {
      input = document.createElement('input');
      input.type = 'checkbox';
      input.addEventListener('input', () => {
        params[key] = input.checked;
        onChange(key);
      });
      row.append(input, label);
    } else {
      input = document.createElement('input');
      input.type = 'range';
      input.min = spec.min;
      input.max = spec.max;
      input.step = spec.step;
      input.addEventListener('input', () => {
        params[key] = Number(input.value);
        showValue();
        onChange(key);
      });
      if (spec.entry) {
        // A number field in place of the read-out: typed values are taken as soon as they are
        // valid, snapped to the slider's step when the field is left (or Enter is pressed).
        field = document.createElement('input');
        field.type = 'number';
        field.className = 'entry';
        field.id = `${id}-entry`;
        field.min = String(spec.min);
        field.max = String(spec.max);
        field.step = String(spec.step);
        field.setAttribute(
          'aria-label',
          `${spec.label}${spec.unit ? ` (${SPOKEN[spec.unit] || spec.unit})` : ''}`,
        );
        const entry = field;
        const typed = () => {
          const value = Number(entry.value);
          return entry.value.trim() !== '' && Number.isFinite(value) ? snap(spec, value) : null;
        };
        field.addEventListener('input', () => {
          const value = typed();
          if (value === null || value !== Number(entry.value)) return; // incomplete or out of range: wait
          params[key] = value;
          input.value = String(value);
          input.setAttribute('aria-valuetext', spokenValue(spec, value));
          onChange(key);
        });
        field.addEventListener('change', () => {
          const value = typed();
          if (value !== null && value !== params[key]) {
            params[key] = value;
            onChange(key);
          }
          showValue();
        });
        const box = document.createElement('span');
        box.className = 'entry-box';
        box.append(field);
        if (spec.unit) box.append(` ${spec.unit}`);
        row.append(label, box, input);
      } else {
        output = document.createElement('output');
        output.htmlFor = id;
        row.append(label, output, input);
      }
    }
    input.id = id;
    input.name = key;
    input.dataset.key = key;
    form.append(row);
    rows.push({ key, spec, row, input, showValue });
  }
  function sync() {
    for (const { key, spec, row, input, showValue } of rows) {
      row.hidden = (only !== null && !only.has(key)) || (spec.show ? !spec.show(params) : false);
      if (kind(spec) === 'check') input.checked = params[key];
      else if (kind(spec) === 'select') input.value = String(params[key]);
      else showValue();
    }
  }
  sync();
  return sync;
}
