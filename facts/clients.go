package facts

import (
	"bytes"
	_ "embed"
	"fmt"

	"github.com/BurntSushi/toml"
)

// clientsTOML is the data of every client: the fields it reads and the
// references it expands. A client is added by editing the file.
//
//go:embed clients.toml
var clientsTOML []byte

// clientEntry is one [client.ID] or [variant.NAME] table of clients.toml.
type clientEntry struct {
	Closed         bool              `toml:"closed"`
	Types          []string          `toml:"types"`
	TransportTypes []string          `toml:"transport_types"`
	CommandKeys    []string          `toml:"command_keys"`
	URLKeys        []string          `toml:"url_keys"`
	Ignore         []string          `toml:"ignore"`
	Expands        []string          `toml:"expands"`
	Reference      string            `toml:"reference"`
	Fields         map[string]string `toml:"fields"`
}

// clientData is clients.toml decoded; every client id is a key of Client.
var clientData = decodeClients(clientsTOML)

// decodeClients decodes the embedded table strictly: a misspelt key is a
// broken build, not a silently ignored setting.
func decodeClients(src []byte) struct {
	Client  map[string]clientEntry
	Variant map[string]clientEntry
} {
	var out struct {
		Client  map[string]clientEntry `toml:"client"`
		Variant map[string]clientEntry `toml:"variant"`
	}
	md, err := toml.NewDecoder(bytes.NewReader(src)).Decode(&out)
	if err != nil {
		panic("facts/clients.toml: " + err.Error())
	}
	if un := md.Undecoded(); len(un) > 0 {
		panic(fmt.Sprintf("facts/clients.toml: unknown keys %v", un))
	}
	return struct {
		Client  map[string]clientEntry
		Variant map[string]clientEntry
	}{out.Client, out.Variant}
}

// spec turns a table into the field spec of client id.
func (e clientEntry) spec(id string) *clientSpec {
	c := &clientSpec{id: id, fields: map[string]string{}, closed: e.Closed,
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
