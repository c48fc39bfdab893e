/** One condition group of the smart-folder editor, and its rules: the inputs getRules asks for. */
import { html, nothing } from 'lit';
import { inputKind, type GroupDraft, type RuleDraft, type RuleErrors, type RuleSchema } from './rule-form';
import { methodLabel, optionLabel, propertyLabel } from './rule-labels';

export interface GroupHandlers {
  property(g: number, r: number, property: string): void;
  method(g: number, r: number, method: string): void;
  field(g: number, r: number, patch: Partial<RuleDraft>): void;
  addRule(g: number): void;
  removeRule(g: number, r: number): void;
  match(g: number, match: 'AND' | 'OR'): void;
  include(g: number, include: 'TRUE' | 'FALSE'): void;
  removeGroup(g: number): void;
}

interface GroupView {
  schema: RuleSchema;
  group: GroupDraft;
  g: number;
  groupCount: number;
  errors: RuleErrors;
  folders: { id: string; name: string }[];
  on: GroupHandlers;
}

const valueOf = (event: Event) => (event.target as HTMLInputElement).value;

export function renderGroup(view: GroupView) {
  const { group, g, on, errors } = view;
  const n = g + 1;
  const groupError = errors.groups.get(g);
  return html`<fieldset class="group ${group.boolean === 'FALSE' ? 'exclude' : ''}" data-group-index=${g}>
    <legend>Group ${n}</legend>
    <div class="group-head">
      <select aria-label="Group ${n}: include or exclude" @change=${(e: Event) => on.include(g, valueOf(e) as 'TRUE' | 'FALSE')}>
        <option value="TRUE" ?selected=${group.boolean === 'TRUE'}>Include</option>
        <option value="FALSE" ?selected=${group.boolean === 'FALSE'}>Exclude</option>
      </select>
      <span>items matching</span>
      <select aria-label="Group ${n}: match all or any rule" @change=${(e: Event) => on.match(g, valueOf(e) as 'AND' | 'OR')}>
        <option value="AND" ?selected=${group.match === 'AND'}>all</option>
        <option value="OR" ?selected=${group.match === 'OR'}>any</option>
      </select>
      <span>of these rules</span>
      ${view.groupCount > 1 ? html`<button type="button" class="quiet" @click=${() => on.removeGroup(g)}>Remove group ${n}</button>` : nothing}
    </div>
    ${groupError ? html`<p class="error" role="alert">${groupError}</p>` : nothing}
    <ol class="rules">${group.rules.map((rule, r) => renderRule(view, rule, r))}</ol>
    <button type="button" class="quiet add-rule" @click=${() => on.addRule(g)}>+ Add rule to group ${n}</button>
  </fieldset>`;
}

function renderRule(view: GroupView, rule: RuleDraft, r: number) {
  const { schema, g, on, group } = view;
  const spec = schema[rule.property]!;
  const where = `rule ${r + 1} of group ${g + 1}`;
  const error = view.errors.rules.get(`${g}:${r}`);
  const errorId = `error-${g}-${r}`;
  return html`<li class="rule ${error ? 'invalid' : ''}" data-group=${g} data-rule=${r}>
    <div class="rule-fields">
      <select aria-label="Property, ${where}" @change=${(e: Event) => on.property(g, r, valueOf(e))}>
        ${Object.keys(schema).map((p) => html`<option value=${p} ?selected=${p === rule.property}>${propertyLabel(p)}</option>`)}
      </select>
      <select aria-label="Condition, ${where}" @change=${(e: Event) => on.method(g, r, valueOf(e))}>
        ${spec.methods.map((m) => html`<option value=${m} ?selected=${m === rule.method}>${methodLabel(rule.property, m)}</option>`)}
      </select>
      ${renderValue(view, rule, r, where, error ? errorId : '')}
      ${spec.unit && inputKind(spec, rule.method) !== 'none'
        ? html`<select aria-label="Unit, ${where}" @change=${(e: Event) => on.field(g, r, { unit: valueOf(e) })}>
            ${spec.unit.map((u) => html`<option value=${u} ?selected=${u === rule.unit}>${u}</option>`)}
          </select>`
        : nothing}
      <button type="button" class="icon" aria-label="Remove ${where}" title="Remove rule"
        ?disabled=${group.rules.length === 1 && view.groupCount === 1} @click=${() => on.removeRule(g, r)}>✕</button>
    </div>
    ${error ? html`<p class="error" id=${errorId} role="alert">${error}</p>` : nothing}
  </li>`;
}

function renderValue(view: GroupView, rule: RuleDraft, r: number, where: string, describedBy: string) {
  const { schema, g, on } = view;
  const spec = schema[rule.property]!;
  const set = (patch: Partial<RuleDraft>) => on.field(g, r, patch);
  const invalid = describedBy ? 'true' : 'false';
  const input = (field: 'a' | 'b', type: string, label: string, extra: Record<string, string> = {}) =>
    html`<input type=${type} aria-label=${label} aria-invalid=${invalid} aria-describedby=${describedBy || nothing} .value=${rule[field]}
      step=${extra.step ?? nothing} min=${extra.min ?? nothing} list=${extra.list ?? nothing} placeholder=${extra.placeholder ?? nothing}
      @input=${(e: Event) => set({ [field]: valueOf(e) })} />`;
  switch (inputKind(spec, rule.method)) {
    case 'none':
      return nothing;
    case 'text':
      return input('a', 'text', `Value, ${where}`, { placeholder: rule.method === 'regex' ? 'pattern' : 'text' });
    case 'number':
      return input('a', 'number', `Value, ${where}`, { step: 'any' });
    case 'number-range':
      return html`${input('a', 'number', `From, ${where}`, { step: 'any' })}<span>and</span>${input('b', 'number', `To, ${where}`, { step: 'any' })}`;
    case 'date':
      return input('a', 'date', `Date, ${where}`);
    case 'date-range':
      return html`${input('a', 'date', `From date, ${where}`)}<span>and</span>${input('b', 'date', `To date, ${where}`)}`;
    case 'days':
      return html`${input('a', 'number', `Days, ${where}`, { min: '1', step: '1' })}<span>days</span>`;
    case 'color':
      return input('a', 'color', `Colour, ${where}`);
    case 'suggest':
      return html`${input('a', 'text', `Value, ${where}`, { list: `options-${rule.property}`, placeholder: 'e.g. png or image' })}
        <datalist id="options-${rule.property}">${spec.options!.map((o) => html`<option value=${o}></option>`)}</datalist>`;
    case 'option':
      return html`<select aria-label="Value, ${where}" aria-invalid=${invalid} @change=${(e: Event) => set({ a: valueOf(e) })}>
          ${spec.options!.map((o) => html`<option value=${o} ?selected=${o === rule.a}>${optionLabel(o)}</option>`)}
        </select>
        ${spec.custom && rule.a === spec.custom.option
          ? html`<input type="number" min="0" step="any" aria-label="Ratio width, ${where}" .value=${rule.customWidth} @input=${(e: Event) => set({ customWidth: valueOf(e) })} /><span>:</span>
              <input type="number" min="0" step="any" aria-label="Ratio height, ${where}" .value=${rule.customHeight} @input=${(e: Event) => set({ customHeight: valueOf(e) })} />`
          : nothing}`;
    case 'options':
      return html`<span class="choices" role="group" aria-label="Values, ${where}">${spec.options!.map(
        (o) => html`<label><input type="checkbox" .checked=${rule.chosen.includes(o)}
          @change=${(e: Event) => set({ chosen: (e.target as HTMLInputElement).checked ? [...rule.chosen, o] : rule.chosen.filter((c) => c !== o) })} />${optionLabel(o)}</label>`,
      )}</span>`;
    case 'list':
      if (rule.property === 'folders' && view.folders.length) {
        const chosen = rule.a.split(',').map((s) => s.trim()).filter(Boolean);
        return html`<select multiple size="3" aria-label="Folders, ${where}" aria-invalid=${invalid}
          @change=${(e: Event) => set({ a: Array.from((e.target as HTMLSelectElement).selectedOptions, (o) => o.value).join(', ') })}>
          ${view.folders.map((f) => html`<option value=${f.id} ?selected=${chosen.includes(f.id)}>${f.name}</option>`)}
        </select>`;
      }
      return input('a', 'text', `Values, ${where}`, { placeholder: 'comma, separated' });
  }
}
