// The graphql-go peer of `scripts/bench serve-peers`: the part of the API that AppSync's @model
// transform generates for `type Ticket @model { id: ID! title: String! status: String priority: Int }`
// which the benchmark measures (getTicket, listTickets with filter/limit/nextToken, createTicket),
// served by graph-gophers/graphql-go over net/http from an in-memory table kept in id order.
// Left out, as the benchmark sends none of them: the attributeType and size operators,
// createTicket's condition, update/delete and the subscriptions. graphql-go parses and validates
// every request (it has no prepared-query API), as its own relay handler does.
// Built by the benchmark in GOPATH mode against Debian's golang-github-graph-gophers-graphql-go-dev.
// Usage: graphql-go-server PORT (0 picks one); prints "PORT n" once it listens.
package main

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	graphql "github.com/graph-gophers/graphql-go"
)

// The generated types the measured operations touch, named and shaped as the transform names
// them, so the same documents validate against all three servers.
const schemaSDL = `
schema { query: Query mutation: Mutation }
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
`

// dateTime is AWSDateTime: a string graphql-go passes through as it is.
type dateTime string

func (dateTime) ImplementsGraphQLType(name string) bool { return name == "AWSDateTime" }
func (d *dateTime) UnmarshalGraphQL(input interface{}) error {
	text, ok := input.(string)
	if !ok {
		return errors.New("AWSDateTime must be a string")
	}
	*d = dateTime(text)
	return nil
}

// ticket is one stored item; its methods are the Ticket fields' resolvers.
type ticket struct {
	id, title            string
	status               *string
	priority             *int32
	createdAt, updatedAt dateTime
}

func (t *ticket) ID() graphql.ID         { return graphql.ID(t.id) }
func (t *ticket) Title() string          { return t.title }
func (t *ticket) Status() *string        { return t.status }
func (t *ticket) Priority() *int32       { return t.priority }
func (t *ticket) CreatedAt() dateTime    { return t.createdAt }
func (t *ticket) UpdatedAt() dateTime    { return t.updatedAt }
func (c *connection) Items() []*ticket   { return c.items }
func (c *connection) NextToken() *string { return c.nextToken }

type connection struct {
	items     []*ticket
	nextToken *string
}

// scalarFilter holds the comparison operators every Model<Scalar>Input has; the string kinds
// add theirs by embedding it (graphql-go finds embedded fields by name).
type scalarFilter[T string | int32] struct {
	Ne, Eq, Le, Lt, Ge, Gt *T
	Between                *[]*T
	AttributeExists        *bool
}
type stringFilter struct {
	scalarFilter[string]
	Contains, NotContains, BeginsWith *string
}
type ticketFilter struct {
	ID, Title, Status, CreatedAt, UpdatedAt *stringFilter
	Priority                                *intFilter
	And, Or                                 *[]*ticketFilter
	Not                                     *ticketFilter
}
type intFilter = scalarFilter[int32]

// matches applies the operators with DynamoDB's semantics, as the transform's filter does:
// a missing attribute (nil) fails every comparison except ne and notContains.
func (f *scalarFilter[T]) matches(v *T) bool {
	if f == nil {
		return true
	}
	if f.AttributeExists != nil && (v != nil) != *f.AttributeExists {
		return false
	}
	if f.Ne != nil && v != nil && *v == *f.Ne {
		return false
	}
	compared := f.Eq != nil || f.Le != nil || f.Lt != nil || f.Ge != nil || f.Gt != nil || f.Between != nil
	if v == nil {
		return !compared
	}
	x := *v
	between := true
	if f.Between != nil {
		b := *f.Between
		between = len(b) == 2 && b[0] != nil && b[1] != nil && x >= *b[0] && x <= *b[1]
	}
	return (f.Eq == nil || x == *f.Eq) && (f.Le == nil || x <= *f.Le) && (f.Lt == nil || x < *f.Lt) &&
		(f.Ge == nil || x >= *f.Ge) && (f.Gt == nil || x > *f.Gt) && between
}

func (f *stringFilter) matches(v *string) bool {
	if f == nil {
		return true
	}
	if !f.scalarFilter.matches(v) {
		return false
	}
	if f.NotContains != nil && v != nil && strings.Contains(*v, *f.NotContains) {
		return false
	}
	if v == nil {
		return f.Contains == nil && f.BeginsWith == nil
	}
	return (f.Contains == nil || strings.Contains(*v, *f.Contains)) &&
		(f.BeginsWith == nil || strings.HasPrefix(*v, *f.BeginsWith))
}

func (f *ticketFilter) matches(t *ticket) bool {
	if f == nil {
		return true
	}
	if !f.ID.matches(&t.id) || !f.Title.matches(&t.title) || !f.Status.matches(t.status) ||
		!f.Priority.matches(t.priority) {
		return false
	}
	if f.CreatedAt != nil || f.UpdatedAt != nil {
		created, updated := string(t.createdAt), string(t.updatedAt)
		if !f.CreatedAt.matches(&created) || !f.UpdatedAt.matches(&updated) {
			return false
		}
	}
	if f.And != nil {
		for _, g := range *f.And {
			if !g.matches(t) {
				return false
			}
		}
	}
	if f.Or != nil && len(*f.Or) > 0 {
		any := false
		for _, g := range *f.Or {
			any = any || g.matches(t)
		}
		if !any {
			return false
		}
	}
	return f.Not == nil || !f.Not.matches(t)
}

// resolver is the root: the table, readable by many requests at once.
type resolver struct {
	mu      sync.RWMutex
	byID    map[string]*ticket
	ordered []*ticket // by id, byte order: the scan order of listTickets
}

func (r *resolver) GetTicket(args struct{ ID string }) *ticket {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.byID[args.ID]
}

// ListTickets reads `limit` items after the token's id, then filters them: the limit applies
// before the filter, as a DynamoDB scan's does, so a page may be short and still go on.
func (r *resolver) ListTickets(args struct {
	Filter    *ticketFilter
	Limit     *int32
	NextToken *string
}) (*connection, error) {
	limit := 100
	if args.Limit != nil {
		limit = int(*args.Limit)
	}
	if limit < 1 {
		return nil, errors.New("limit must be at least 1")
	}
	after := ""
	if args.NextToken != nil {
		raw, err := base64.StdEncoding.DecodeString(*args.NextToken)
		if err != nil {
			return nil, errors.New("invalid nextToken")
		}
		after = string(raw)
	}
	r.mu.RLock()
	start := 0
	if args.NextToken != nil {
		start = sort.Search(len(r.ordered), func(i int) bool { return r.ordered[i].id > after })
	}
	end := start + limit
	if end > len(r.ordered) {
		end = len(r.ordered)
	}
	page := append([]*ticket(nil), r.ordered[start:end]...)
	more := end < len(r.ordered)
	r.mu.RUnlock()
	result := &connection{items: make([]*ticket, 0, len(page))}
	for _, t := range page {
		if args.Filter.matches(t) {
			result.items = append(result.items, t)
		}
	}
	if more && len(page) > 0 {
		// Opaque to clients, not sealed: a peer needs no tamper-proofing to be measured.
		token := base64.StdEncoding.EncodeToString([]byte(page[len(page)-1].id))
		result.nextToken = &token
	}
	return result, nil
}

func (r *resolver) CreateTicket(args struct {
	Input struct {
		ID       *string
		Title    string
		Status   *string
		Priority *int32
	}
}) (*ticket, error) {
	in := args.Input
	now := dateTime(time.Now().UTC().Format("2006-01-02T15:04:05.000Z"))
	t := &ticket{title: in.Title, status: in.Status, priority: in.Priority, createdAt: now, updatedAt: now}
	if in.ID != nil {
		t.id = *in.ID
	} else {
		t.id = newUUID()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, exists := r.byID[t.id]; exists {
		return nil, errors.New("The conditional request failed")
	}
	r.byID[t.id] = t
	at := sort.Search(len(r.ordered), func(i int) bool { return r.ordered[i].id > t.id })
	r.ordered = append(r.ordered, nil)
	copy(r.ordered[at+1:], r.ordered[at:])
	r.ordered[at] = t
	return t, nil
}

// newUUID is a random (version 4) UUID, as AppSync's $util.autoId() gives.
func newUUID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

func main() {
	schema := graphql.MustParseSchema(schemaSDL, &resolver{byID: map[string]*ticket{}})
	http.HandleFunc("/graphql", func(w http.ResponseWriter, r *http.Request) {
		var request struct {
			Query         string                 `json:"query"`
			OperationName string                 `json:"operationName"`
			Variables     map[string]interface{} `json:"variables"`
		}
		if err := json.NewDecoder(r.Body).Decode(&request); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		body, err := json.Marshal(schema.Exec(r.Context(), request.Query, request.OperationName, request.Variables))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		// An explicit length: net/http would otherwise chunk a reply past its 4 KiB buffer.
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	})
	port := "0"
	if len(os.Args) > 1 {
		port = os.Args[1]
	}
	listener, err := net.Listen("tcp", "127.0.0.1:"+port)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("PORT %d\n", listener.Addr().(*net.TCPAddr).Port)
	fmt.Fprintln(os.Stderr, http.Serve(listener, nil))
	os.Exit(1)
}
