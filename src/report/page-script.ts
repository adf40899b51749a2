/// <reference lib="dom" />
/**
 * The HTML report's script: the table of distinct URLs, sorted, filtered and
 * paged in the browser. The page inlines `reportScript`'s source and calls
 * it, so the function refers to nothing outside itself (the types below are
 * erased); it reads the data from the page's `#report-data` element and
 * writes every string from the input with `textContent`, never as markup.
 */
import type { PageData, PageUrl } from './page-data.js';

export function reportScript(): void {
  const dataElement = document.getElementById('report-data');
  if (dataElement === null) return;
  const data = JSON.parse(dataElement.textContent ?? '{}') as PageData;
  const rowsPerPage = 100;
  const numbers = new Intl.NumberFormat('en-US');
  const byId = <Element extends HTMLElement>(id: string) => document.getElementById(id) as Element;

  const table = byId<HTMLTableElement>('url-table');
  const body = table.tBodies[0] as HTMLTableSectionElement;
  const status = byId<HTMLElement>('table-status');
  const hostInput = byId<HTMLInputElement>('filter-host');
  const schemeSelect = byId<HTMLSelectElement>('filter-scheme');
  const fileInput = byId<HTMLInputElement>('filter-file');
  const validSelect = byId<HTMLSelectElement>('filter-valid');
  const textInput = byId<HTMLInputElement>('filter-text');
  const previous = byId<HTMLButtonElement>('page-previous');
  const next = byId<HTMLButtonElement>('page-next');

  // the filters' choices
  const fillList = (id: string, names: readonly string[]) => {
    const list = byId<HTMLDataListElement>(id);
    for (const name of [...names].sort()) {
      const option = document.createElement('option');
      option.value = name;
      list.append(option);
    }
  };
  fillList('hosts-list', data.hosts);
  fillList('files-list', data.files);
  for (const scheme of [...data.schemes].sort()) {
    const option = document.createElement('option');
    option.value = scheme;
    option.textContent = scheme;
    schemeSelect.append(option);
  }

  type SortKey = 'url' | 'host' | 'scheme' | 'count' | 'files' | 'valid';
  const state = { sort: 'count' as SortKey, descending: true, page: 0 };
  let shown: PageUrl[] = data.urls;

  const sortValue: Record<SortKey, (url: PageUrl) => string | number> = {
    url: (url) => url[0],
    host: (url) => data.hosts[url[1]] ?? '',
    scheme: (url) => data.schemes[url[2]] ?? '',
    count: (url) => url[5],
    files: (url) => url[6],
    valid: (url) => url[4],
  };

  /** Exact match when `value` is one of `names`, else a substring (any case). */
  const matcher = (value: string, names: readonly string[]): ((name: string) => boolean) | undefined => {
    const wanted = value.trim();
    if (wanted === '') return undefined;
    if (names.includes(wanted)) return (name) => name === wanted;
    const lower = wanted.toLowerCase();
    return (name) => name.toLowerCase().includes(lower);
  };

  const apply = () => {
    const host = matcher(hostInput.value, data.hosts);
    const file = matcher(fileInput.value, data.files);
    const scheme = schemeSelect.value;
    const validity = validSelect.value;
    const text = textInput.value.trim().toLowerCase();
    const hostOk = host === undefined ? undefined : data.hosts.map(host);
    const fileOk = file === undefined ? undefined : data.files.map(file);
    shown = data.urls.filter(
      (url) =>
        (hostOk === undefined || hostOk[url[1]] === true) &&
        (scheme === '' || data.schemes[url[2]] === scheme) &&
        (validity === '' || (validity === 'valid') === (url[4] === 1)) &&
        (fileOk === undefined || url[7].some((place) => fileOk[place[0]] === true)) &&
        (text === '' || url[0].toLowerCase().includes(text) || url[8].toLowerCase().includes(text)),
    );
    const key = sortValue[state.sort];
    const direction = state.descending ? -1 : 1;
    // a stable sort: ties keep the order first found
    shown = shown
      .map((url, index) => ({ url, index, value: key(url) }))
      .sort((a, b) => (a.value < b.value ? -direction : a.value > b.value ? direction : a.index - b.index))
      .map((entry) => entry.url);
    state.page = 0;
    render();
  };

  const cell = (row: HTMLTableRowElement, label: string, className: string) => {
    const td = row.insertCell();
    td.className = className;
    td.dataset['label'] = label;
    return td;
  };
  const line = (parent: HTMLElement, className: string, text: string) => {
    const div = document.createElement('div');
    div.className = className;
    div.textContent = text;
    parent.append(div);
    return div;
  };

  const render = () => {
    const pages = Math.max(1, Math.ceil(shown.length / rowsPerPage));
    state.page = Math.min(state.page, pages - 1);
    const from = state.page * rowsPerPage;
    const rows = shown.slice(from, from + rowsPerPage);
    const fragment = document.createDocumentFragment();
    for (const url of rows) {
      const row = document.createElement('tr');
      const urlCell = cell(row, 'URL', 'url');
      line(urlCell, 'u', url[0]);
      for (const alternative of url[9]) line(urlCell, 'alt', `or ${alternative}`);
      if (url[11] !== '') line(urlCell, 'cut', `cut at the line end: ${url[11]}`);
      if (url[8] !== '') line(urlCell, 'ctx', url[8]);
      cell(row, 'Host', 'host').textContent = data.hosts[url[1]] ?? '';
      cell(row, 'Scheme', 'scheme').textContent = data.schemes[url[2]] ?? '';
      cell(row, 'Found', 'num').textContent = numbers.format(url[5]);
      cell(row, 'Files', 'num').textContent = numbers.format(url[6]);
      const places = cell(row, 'Places', 'places');
      for (const [file, lineNumber, column, message] of url[7]) {
        const div = document.createElement('div');
        const name = `${data.files[file] ?? ''}:${lineNumber}:${column}`;
        const href = data.hrefs[file] ?? '';
        if (href === '') div.textContent = name;
        else {
          const link = document.createElement('a');
          link.href = href;
          link.textContent = name;
          div.append(link);
        }
        if (message !== '') line(div, 'msg', message);
        places.append(div);
      }
      if (url[5] > url[7].length) line(places, 'more', `and ${numbers.format(url[5] - url[7].length)} more`);
      const valid = cell(row, 'Valid', 'valid');
      line(valid, url[4] === 1 ? 'ok' : 'bad', url[4] === 1 ? 'valid' : 'not valid');
      for (const error of url[10]) line(valid, 'err', error);
      line(urlCell, 'kind', data.kinds[url[3]] ?? '');
      fragment.append(row);
    }
    body.replaceChildren(fragment);
    const total = numbers.format(data.urls.length);
    status.textContent =
      shown.length === 0
        ? `No URL matches (of ${total} listed).`
        : `URLs ${numbers.format(from + 1)}–${numbers.format(from + rows.length)} of ${numbers.format(shown.length)} matching (${total} listed${data.leftOut > 0 ? `, ${numbers.format(data.leftOut)} more not listed` : ''}).`;
    previous.disabled = state.page === 0;
    next.disabled = state.page >= pages - 1;
    for (const header of Array.from(table.tHead?.rows[0]?.cells ?? [])) {
      const key = header.dataset['sort'];
      if (key === undefined) continue;
      header.setAttribute('aria-sort', key === state.sort ? (state.descending ? 'descending' : 'ascending') : 'none');
    }
  };

  // sorting: a button in each sortable header
  for (const button of Array.from(table.querySelectorAll<HTMLButtonElement>('th button'))) {
    button.addEventListener('click', () => {
      const key = (button.closest('th') as HTMLTableCellElement).dataset['sort'] as SortKey;
      if (state.sort === key) state.descending = !state.descending;
      else {
        state.sort = key;
        state.descending = key === 'count' || key === 'files';
      }
      apply();
    });
  }
  let pending: number | undefined;
  const later = () => {
    if (pending !== undefined) window.clearTimeout(pending);
    pending = window.setTimeout(apply, 120);
  };
  for (const input of [hostInput, fileInput, textInput]) input.addEventListener('input', later);
  for (const select of [schemeSelect, validSelect]) select.addEventListener('change', apply);
  byId<HTMLButtonElement>('filter-reset').addEventListener('click', () => {
    hostInput.value = '';
    fileInput.value = '';
    textInput.value = '';
    schemeSelect.value = '';
    validSelect.value = '';
    apply();
  });
  previous.addEventListener('click', () => {
    state.page--;
    render();
  });
  next.addEventListener('click', () => {
    state.page++;
    render();
  });
  // a host's bar in the chart filters the table by that host
  for (const link of Array.from(document.querySelectorAll<SVGAElement>('a.filter-link'))) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      hostInput.value = link.dataset['host'] ?? '';
      apply();
      table.scrollIntoView();
      hostInput.focus();
    });
  }
  document.body.classList.add('scripted');
  apply();
}
