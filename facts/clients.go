package facts

// Every client's data lives in clients.toml: the fields it reads and the
// references it expands. A client is added by editing that file and
// running go generate ./facts.

// clientEntry is one [client.ID] or [variant.NAME] table of clients.toml.
type clientEntry struct {
	Closed         bool              `toml:"closed"`
	Asks           bool              `toml:"asks"`
	Types          []string          `toml:"types"`
	TransportTypes []string          `toml:"transport_types"`
	CommandKeys    []string          `toml:"command_keys"`
	URLKeys        []string          `toml:"url_keys"`
	Ignore         []string          `toml:"ignore"`
	Expands        []string          `toml:"expands"`
	Reference      string            `toml:"reference"`
	Fields         map[string]string `toml:"fields"`
}

// clientTables is clients.toml decoded; every client id is a key of
// Client.
type clientTables struct {
	Client  map[string]clientEntry
	Variant map[string]clientEntry
}

// clientData is clients.toml as Go literals (clients_table.go, written by
// go generate ./facts): decoding the TOML took a millisecond of every
// start. TestClientTableCurrent fails when the two differ.
var clientData = generatedClients

//go:generate go test -run ^TestClientTableCurrent$ -update-client-table

// spec turns a table into the field spec of client id.
func (e clientEntry) spec(id string) *clientSpec {
	c := &clientSpec{id: id, fields: map[string]string{}, closed: e.Closed, asks: e.Asks,
		cmdKeys: []string{"command"}, urlKeys: []string{"url"}, transportTypes: e.TransportTypes}
	for k, t := range e.Fields {
		c.fields[k] = t
	}
	if e.CommandKeys != nil {
		c.cmdKeys = e.CommandKeys
	}
	if e.URLKeys != nil {
		c.urlKeys = e.URLKeys
	}
	if e.Ignore != nil {
		c.ignore = map[string]bool{}
		for _, k := range e.Ignore {
			c.ignore[k] = true
		}
	}
	if e.Types != nil {
		c.types = e.Types
		c.words = map[string]string{}
		for _, w := range c.types {
			if n := transportOf(w); n != "" {
				if _, ok := c.words[n]; !ok {
					c.words[n] = w
				}
			}
		}
	}
	return c
}
