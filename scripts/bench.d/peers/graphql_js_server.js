// The graphql-js peer of `scripts/bench serve-peers`: the part of the API that AppSync's @model
// transform generates for `type Ticket @model { id: ID! title: String! status: String priority: Int }`
// which the benchmark measures (getTicket, listTickets with filter/limit/nextToken, createTicket),
// served by graphql-js 16 (Debian's node-graphql) on node's plain `http` module, one process,
// from an in-memory table kept in id order. Parse + validate are cached by document text, as a
// production graphql-js server would do, so each request pays for execution only.
// Left out, as the benchmark sends none of them: the attributeType and size operators,
// createTicket's condition, update/delete and the subscriptions.
// Usage: NODE_PATH=/usr/share/nodejs node graphql_js_server.js PORT (0 picks one); prints "PORT n".
'use strict';
const http = require('http');
const crypto = require('crypto');
const { buildSchema, parse, validate, execute } = require('graphql');

// The generated types the measured operations touch, named and shaped as the transform names
// them, so the same documents validate against all three servers.
const schema = buildSchema(`
  scalar AWSDateTime
  type Ticket { id: ID! title: String! status: String priority: Int createdAt: AWSDateTime! updatedAt: AWSDateTime! }
  type ModelTicketConnection { items: [Ticket]! nextToken: String }
  input ModelIDInput { ne: ID eq: ID le: ID lt: ID ge: ID gt: ID contains: ID notContains: ID between: [ID] beginsWith: ID attributeExists: Boolean }
  input ModelStringInput { ne: String eq: String le: String lt: String ge: String gt: String contains: String notContains: String between: [String] beginsWith: String attributeExists: Boolean }
  input ModelIntInput { ne: Int eq: Int le: Int lt: Int ge: Int gt: Int between: [Int] attributeExists: Boolean }
  input ModelTicketFilterInput {
    id: ModelIDInput title: ModelStringInput status: ModelStringInput priority: ModelIntInput
    createdAt: ModelStringInput updatedAt: ModelStringInput
    and: [ModelTicketFilterInput] or: [ModelTicketFilterInput] not: ModelTicketFilterInput
  }
  input CreateTicketInput { id: ID title: String! status: String priority: Int }
  type Query {
    getTicket(id: ID!): Ticket
    listTickets(filter: ModelTicketFilterInput, limit: Int, nextToken: String): ModelTicketConnection
  }
  type Mutation { createTicket(input: CreateTicketInput!): Ticket }
`);

const byId = new Map();
const ordered = []; // by id: the scan order of listTickets (ids here are ASCII, so < is byte order)

// The index of the first item whose id sorts after `id`.
function after(id) {
  let low = 0, high = ordered.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ordered[middle].id <= id) low = middle + 1; else high = middle;
  }
  return low;
}

// One operator applied with DynamoDB's semantics, as the transform's filter does: a missing
// attribute (null) fails every comparison except ne and notContains.
function test(op, value, operand) {
  if (op === 'ne') return value === null || value !== operand;
  if (op === 'notContains') return value === null || !value.includes(operand);
  if (op === 'attributeExists') return (value !== null) === operand;
  if (value === null) return false;
  switch (op) {
    case 'eq': return value === operand;
    case 'le': return value <= operand;
    case 'lt': return value < operand;
    case 'ge': return value >= operand;
    case 'gt': return value > operand;
    case 'between': return operand.length === 2 && value >= operand[0] && value <= operand[1];
    case 'contains': return value.includes(operand);
    case 'beginsWith': return value.startsWith(operand);
  }
  throw new Error(`unsupported operator ${op}`);
}

// Members of one filter object are ANDed; and/or lists combine their entries; not negates.
function matches(item, filter) {
  for (const key in filter) {
    const value = filter[key];
    if (value == null) continue;
    if (key === 'and') { if (!value.every((entry) => matches(item, entry))) return false; }
    else if (key === 'or') { if (value.length && !value.some((entry) => matches(item, entry))) return false; }
    else if (key === 'not') { if (matches(item, value)) return false; }
    else {
      for (const op in value) {
        if (value[op] != null && !test(op, item[key] ?? null, value[op])) return false;
      }
    }
  }
  return true;
}

const root = {
  getTicket: ({ id }) => byId.get(id) ?? null,
  // `limit` items after the token's id, then the filter: the limit applies before the filter, as
  // a DynamoDB scan's does, so a page may be short and still go on.
  listTickets: ({ filter, limit = 100, nextToken }) => {
    if (limit < 1) throw new Error('limit must be at least 1');
    const start = nextToken == null ? 0 : after(Buffer.from(nextToken, 'base64').toString());
    const page = ordered.slice(start, start + limit);
    const items = filter ? page.filter((item) => matches(item, filter)) : page;
    const more = start + limit < ordered.length && page.length > 0;
    // Opaque to clients, not sealed: a peer needs no tamper-proofing to be measured.
    return { items, nextToken: more ? Buffer.from(page[page.length - 1].id).toString('base64') : null };
  },
  createTicket: ({ input }) => {
    const now = new Date().toISOString();
    const item = {
      id: input.id ?? crypto.randomUUID(), title: input.title, status: input.status ?? null,
      priority: input.priority ?? null, createdAt: now, updatedAt: now,
    };
    if (byId.has(item.id)) throw new Error('The conditional request failed');
    byId.set(item.id, item);
    ordered.splice(after(item.id), 0, item);
    return item;
  },
};

// Parsed and validated documents by their text; bounded so odd clients cannot grow it forever.
const documents = new Map();
function prepare(text) {
  let entry = documents.get(text);
  if (entry === undefined) {
    try {
      const document = parse(text);
      const errors = validate(schema, document);
      entry = errors.length ? { errors } : { document };
    } catch (error) {
      entry = { errors: [error] };
    }
    if (documents.size >= 1000) documents.clear();
    documents.set(text, entry);
  }
  return entry;
}

function respond(response, status, result) {
  const body = JSON.stringify(result);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let payload;
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString());
    } catch (error) {
      return respond(response, 400, { errors: [{ message: String(error) }] });
    }
    const { document, errors } = prepare(String(payload.query));
    if (errors) return respond(response, 200, { errors });
    // Every resolver here is synchronous, so execute returns the result itself, not a promise.
    const result = execute({
      schema, document, rootValue: root, variableValues: payload.variables, operationName: payload.operationName,
    });
    respond(response, 200, result);
  });
});
server.keepAliveTimeout = 60_000; // the load generator keeps each connection for a whole cell
server.listen(Number(process.argv[2] || 0), '127.0.0.1', () => {
  console.log(`PORT ${server.address().port}`);
});
