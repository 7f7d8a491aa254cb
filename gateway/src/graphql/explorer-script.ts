/**
 * The explorer page's script (plain browser JavaScript, no dependencies, so the page works
 * offline): runs operations with the token from the page, streams subscriptions as server-sent
 * events, and lists the schema's root fields from an introspection query.
 */
export const explorerScript = `
const $ = (id) => document.getElementById(id);
const stored = (key, fallback) => localStorage.getItem('pocketnet.graphql.' + key) ?? fallback;
const store = (key, value) => localStorage.setItem('pocketnet.graphql.' + key, value);
$('token').value = stored('token', '');
$('query').value = stored('query', '{\\n  ledgerEnd\\n  me { id primaryParty }\\n}');
$('variables').value = stored('variables', '{}');
let running = null;

function headers(accept) {
  const result = { 'content-type': 'application/json', accept };
  const token = $('token').value.trim();
  if (token) result.authorization = 'Bearer ' + token;
  return result;
}

function show(value, append) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  $('result').textContent = append ? $('result').textContent + text + '\\n' : text;
}

async function readEvents(response, signal) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  while (!signal.aborted) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffered.indexOf('\\n\\n')) >= 0) {
      const frame = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = frame.split('\\n').filter((line) => line.startsWith('data:'));
      if (data.length > 0) show(JSON.parse(data.map((line) => line.slice(5)).join('')), true);
    }
  }
}

async function run() {
  stop();
  store('token', $('token').value);
  store('query', $('query').value);
  store('variables', $('variables').value);
  let variables;
  try {
    variables = JSON.parse($('variables').value || '{}');
  } catch (error) {
    return show('Variables are not JSON: ' + error.message);
  }
  const query = $('query').value;
  const subscription = /^\\s*subscription\\b/.test(query);
  const controller = new AbortController();
  running = controller;
  $('status').textContent = subscription ? 'listening…' : 'running…';
  try {
    const response = await fetch(location.pathname, {
      method: 'POST',
      headers: headers(subscription ? 'text/event-stream' : 'application/json'),
      body: JSON.stringify({ query, variables }),
      signal: controller.signal,
    });
    $('status').textContent = 'HTTP ' + response.status;
    if (subscription && response.headers.get('content-type')?.includes('text/event-stream')) {
      show('');
      await readEvents(response, controller.signal);
    } else {
      show(await response.json());
    }
  } catch (error) {
    if (error.name !== 'AbortError') show(String(error));
  }
}

function stop() {
  if (running) running.abort();
  running = null;
}

const typeName = (type) => (type.kind === 'NON_NULL' ? typeName(type.ofType) + '!'
  : type.kind === 'LIST' ? '[' + typeName(type.ofType) + ']' : type.name);
const ofType = 'type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';

async function loadSchema() {
  const query = '{ __schema { types { name kind description fields { name description args { name '
    + ofType + ' } ' + ofType + ' } } } }';
  const response = await fetch(location.pathname, {
    method: 'POST', headers: headers('application/json'), body: JSON.stringify({ query }),
  });
  const { data } = await response.json();
  const lines = [];
  for (const type of data.__schema.types) {
    if (type.name.startsWith('__') || !type.fields) continue;
    lines.push('type ' + type.name);
    for (const field of type.fields) {
      const args = field.args.map((arg) => arg.name + ': ' + typeName(arg.type)).join(', ');
      lines.push('  ' + field.name + (args ? '(' + args + ')' : '') + ': ' + typeName(field.type)
        + (field.description ? '   # ' + field.description : ''));
    }
  }
  $('schema').textContent = lines.join('\\n');
}

$('run').addEventListener('click', run);
$('stop').addEventListener('click', () => { stop(); $('status').textContent = 'stopped'; });
$('query').addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) run();
});
loadSchema().catch((error) => { $('schema').textContent = 'Schema unavailable: ' + error; });
`;
