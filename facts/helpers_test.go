package facts

import "github.com/mcplint/mcplint/loader"

// testInput builds the input as a check without a settings file does.
func testInput(ws *loader.Workspace) Input {
	return Build(ws, ConfigFact{Budget: DefaultBudget(), AllowHosts: []string{}, DenyHosts: []string{},
		AllowPackages: []string{}, DenyPackages: []string{}, AllowCommands: []string{}, DenyCommands: []string{}})
}
