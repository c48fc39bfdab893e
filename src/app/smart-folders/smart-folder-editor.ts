/**
 * <smart-folder-editor>: creates or edits a smart folder. Its form is built from
 * `smartFolder/getRules` (rule-form.ts), counts matches live through `smartFolder/count` while
 * editing, shows the API's message beside the rule it names, saves and removes.
 * Only complete rules are counted. Events (bubbling, composed): `smart-folder-saved` {id},
 * `smart-folder-removed` {id}, `smart-folder-cancel` (Cancel: nothing saved), `api-error` {message}.
 */
import { html, LitElement, nothing } from 'lit';
import { ApiClientError, type ApiClient } from '../api-client';
import { editorStyles } from './smart-folder-editor.styles';
import { renderGroup, type GroupHandlers } from './smart-folder-group';
import { allComplete, fromConditions, locateError, newGroup, newRule, toConditions, withMethod, withProperty, type GroupDraft, type RuleDraft, type RuleErrors, type RuleSchema, type ApiGroup } from './rule-form';

interface SavedSmartFolder { id: string; name: string; parent: string | null; conditions: Parameters<typeof fromConditions>[1] }
interface FolderNode { id: string; name: string; children?: FolderNode[] }

const COUNT_DELAY_MS = 300;
const noErrors = (): RuleErrors => ({ groups: new Map(), rules: new Map() });
const messageOf = (error: unknown) => (error instanceof ApiClientError ? error.body.message : error instanceof Error ? error.message : String(error));

export class SmartFolderEditor extends LitElement {
  static override properties = {
    api: { attribute: false }, smartFolderId: { attribute: false }, parent: { attribute: false },
    schema: { state: true }, groups: { state: true }, name: { state: true }, count: { state: true },
    errors: { state: true }, busy: { state: true }, confirmingRemove: { state: true }, folders: { state: true },
  };
  declare api: ApiClient | undefined;
  declare smartFolderId: string | null;
  declare parent: string | null;
  declare private schema: RuleSchema | undefined;
  declare private groups: GroupDraft[];
  declare private name: string;
  /** Matches of the conditions as they stand; null while counting or when they are invalid. */
  declare private count: number | null;
  declare private errors: RuleErrors;
  declare private busy: boolean;
  declare private confirmingRemove: boolean;
  declare private folders: { id: string; name: string }[];
  private countTimer: ReturnType<typeof setTimeout> | undefined;
  /** Some rule still lacks a value: no count is asked for. */
  private incomplete = false;
  private countSeq = 0;
  private loadSeq = 0;
  /** Keys of the rules a person has changed: a rule not yet touched shows no error beside it. */
  private readonly touched = new Set<number>();

  constructor() {
    super();
    Object.assign(this, { smartFolderId: null, parent: null, groups: [], name: '', count: null, errors: noErrors(), busy: false, confirmingRemove: false, folders: [] });
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if ((changed.has('api') || changed.has('smartFolderId')) && this.api) void this.load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.countTimer);
  }

  /** Resolves once getRules (and the smart folder being edited) are loaded. */
  loaded: Promise<void> = Promise.resolve();

  private load(): Promise<void> {
    const seq = ++this.loadSeq;
    const api = this.api!;
    const id = this.smartFolderId;
    this.loaded = (async () => {
      try {
        const [schema, saved, folders] = await Promise.all([
          this.schema ? Promise.resolve(this.schema) : api.get('/smartFolder/getRules').then((rules) => rules as RuleSchema),
          id ? api.get('/smartFolder/get', { id }).then((page) => page.data[0]) : Promise.resolve(undefined),
          api.get('/folder/get', { limit: 1000 }).then((page) => flatten(page.data)),
        ]);
        if (seq !== this.loadSeq) return;
        this.schema = schema;
        this.folders = folders;
        if (id && !saved) throw new Error(`No smart folder with id "${id}".`);
        this.name = saved?.name ?? '';
        if (saved) this.parent = saved.parent;
        this.groups = saved ? fromConditions(schema, saved.conditions as ApiGroup[]) : [newGroup(schema)];
        this.touched.clear();
        if (saved) this.touchAll();
        this.errors = noErrors();
        this.confirmingRemove = false;
        this.scheduleCount(0);
      } catch (error) {
        // A load replaced by a newer one (another smart folder opened) has nothing to report.
        if (seq === this.loadSeq) this.fail(error);
      }
    })();
    return this.loaded;
  }

  private get conditions() {
    return toConditions(this.schema!, this.groups);
  }

  private setGroups(groups: GroupDraft[]): void {
    this.groups = groups;
    this.scheduleCount();
  }

  /** Counts the matches once every rule is filled in; an incomplete rule is not sent (it would only earn a 400). */
  private scheduleCount(delay = COUNT_DELAY_MS): void {
    clearTimeout(this.countTimer);
    this.count = null;
    this.countSeq += 1;
    this.incomplete = !allComplete(this.schema!, this.groups);
    if (this.incomplete) {
      this.errors = noErrors();
      return;
    }
    this.countTimer = setTimeout(() => void this.recount(), delay);
  }

  private async recount(): Promise<void> {
    const seq = ++this.countSeq;
    try {
      const { count } = await this.api!.post('/smartFolder/count', { conditions: this.conditions, parent: this.parent });
      if (seq !== this.countSeq) return;
      this.count = count;
      this.errors = noErrors();
    } catch (error) {
      if (seq !== this.countSeq) return;
      this.count = null;
      this.errors = errorsFrom(messageOf(error));
    }
    this.dispatchEvent(new Event('counted'));
  }

  private editRule(g: number, r: number, change: (rule: RuleDraft) => RuleDraft): void {
    const key = this.groups[g]?.rules[r]?.key;
    if (key) this.touched.add(key);
    this.setGroups(this.groups.map((group, gi) => (gi !== g ? group : { ...group, rules: group.rules.map((rule, ri) => (ri === r ? change(rule) : rule)) })));
  }

  private editGroup(g: number, change: (group: GroupDraft) => GroupDraft | null): void {
    this.setGroups(this.groups.flatMap((group, gi) => (gi !== g ? [group] : (change(group) ?? []))));
  }

  private readonly handlers: GroupHandlers = {
    property: (g, r, property) => this.editRule(g, r, (rule) => withProperty(this.schema!, rule, property)),
    method: (g, r, method) => this.editRule(g, r, (rule) => withMethod(this.schema!, rule, method)),
    field: (g, r, patch) => this.editRule(g, r, (rule) => ({ ...rule, ...patch })),
    addRule: (g) => {
      this.editGroup(g, (group) => ({ ...group, rules: [...group.rules, newRule(this.schema!)] }));
      void this.updateComplete.then(() => this.focusRule(g, this.groups[g]!.rules.length - 1));
    },
    removeRule: (g, r) => this.editGroup(g, (group) => (group.rules.length > 1 ? { ...group, rules: group.rules.filter((_, ri) => ri !== r) } : this.groups.length > 1 ? null : group)),
    match: (g, match) => this.editGroup(g, (group) => ({ ...group, match })),
    include: (g, include) => this.editGroup(g, (group) => ({ ...group, boolean: include })),
    removeGroup: (g) => this.editGroup(g, () => null),
  };

  private focusRule(g: number, r: number): void {
    this.renderRoot.querySelector<HTMLElement>(`[data-group="${g}"][data-rule="${r}"] select`)?.focus();
  }

  private addGroup(): void {
    this.setGroups([...this.groups, newGroup(this.schema!)]);
    void this.updateComplete.then(() => this.focusRule(this.groups.length - 1, 0));
  }

  private async save(event: Event): Promise<void> {
    event.preventDefault();
    if (this.busy) return;
    this.busy = true;
    try {
      const body = { name: this.name, conditions: this.conditions, parent: this.parent };
      const saved = this.smartFolderId
        ? await this.api!.post('/smartFolder/update', { id: this.smartFolderId, ...body })
        : await this.api!.post('/smartFolder/create', body);
      this.smartFolderId = saved.id;
      this.emit('smart-folder-saved', { id: saved.id });
    } catch (error) {
      this.touchAll();
      this.errors = errorsFrom(messageOf(error));
      this.fail(error);
    } finally {
      this.busy = false;
    }
  }

  private async removeSmartFolder(): Promise<void> {
    const id = this.smartFolderId;
    if (!id || this.busy) return;
    this.busy = true;
    try {
      await this.api!.post('/smartFolder/remove', { id });
      this.smartFolderId = null;
      this.emit('smart-folder-removed', { id });
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
      this.confirmingRemove = false;
    }
  }

  private touchAll(): void {
    for (const group of this.groups) for (const rule of group.rules) this.touched.add(rule.key);
  }

  /** The errors to show: those of rules not yet touched wait until the person gets to them. */
  private get shownErrors(): RuleErrors {
    const rules = new Map([...this.errors.rules].filter(([at]) => {
      const [g, r] = at.split(':').map(Number) as [number, number];
      const key = this.groups[g]?.rules[r]?.key;
      return key === undefined || this.touched.has(key);
    }));
    return { ...this.errors, rules };
  }

  private emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  private fail(error: unknown): void {
    this.emit('api-error', { message: messageOf(error) });
  }

  override render() {
    if (!this.schema) return html`<p class="loading">Loading rules…</p>`;
    const errors = this.shownErrors;
    const countText = this.count !== null ? `${this.count.toLocaleString()} ${this.count === 1 ? 'item matches' : 'items match'}`
      : errors.general || errors.rules.size || errors.groups.size ? 'Fix the marked rules to see matches'
      : this.incomplete || this.errors.rules.size ? 'Fill in the rules to see matches' : 'Counting…';
    return html`<form @submit=${this.save} aria-labelledby="title" novalidate>
      <header>
        <h2 id="title">${this.smartFolderId ? 'Edit smart folder' : 'New smart folder'}</h2>
        <output class="count" aria-live="polite" data-count=${this.count ?? ''}>${countText}</output>
      </header>
      <label class="name">Name <input name="name" .value=${this.name} required autocomplete="off" @input=${(e: Event) => (this.name = (e.target as HTMLInputElement).value)} /></label>
      ${this.groups.map((group, g) => renderGroup({ schema: this.schema!, group, g, groupCount: this.groups.length, errors, folders: this.folders, on: this.handlers }))}
      <button type="button" class="add-group" @click=${this.addGroup}>+ Add group</button>
      ${errors.general ? html`<p class="error general" role="alert">${errors.general}</p>` : nothing}
      <footer>
        ${this.smartFolderId && !this.confirmingRemove ? html`<button type="button" class="danger" @click=${() => (this.confirmingRemove = true)}>Remove…</button>` : nothing}
        ${this.confirmingRemove
          ? html`<span class="confirm" role="group" aria-label="Confirm removal">Remove “${this.name}”?
              <button type="button" class="danger" @click=${this.removeSmartFolder}>Remove</button>
              <button type="button" @click=${() => (this.confirmingRemove = false)}>Keep</button></span>`
          : nothing}
        <span class="spacer"></span>
        <button type="button" @click=${() => this.emit('smart-folder-cancel', {})}>Cancel</button>
        <button type="submit" class="primary" ?disabled=${this.busy}>${this.smartFolderId ? 'Save changes' : 'Create smart folder'}</button>
      </footer>
    </form>`;
  }

  static override styles = editorStyles;
}

function errorsFrom(message: string): RuleErrors {
  const errors = noErrors();
  const at = locateError(message);
  if (at.group !== undefined && at.rule !== undefined) errors.rules.set(`${at.group}:${at.rule}`, at.text);
  else if (at.group !== undefined) errors.groups.set(at.group, at.text);
  else errors.general = message;
  return errors;
}

/** Folders as "Parent / Child" names; folder/get may list a child both nested and on its own. */
function flatten(nodes: FolderNode[], prefix = '', into = new Map<string, string>()): { id: string; name: string }[] {
  for (const node of nodes) {
    if (!into.has(node.id) || prefix) into.set(node.id, prefix + node.name);
    flatten(node.children ?? [], `${prefix}${node.name} / `, into);
  }
  return [...into].map(([id, name]) => ({ id, name }));
}

customElements.define('smart-folder-editor', SmartFolderEditor);

declare global {
  interface HTMLElementTagNameMap {
    'smart-folder-editor': SmartFolderEditor;
  }
}
