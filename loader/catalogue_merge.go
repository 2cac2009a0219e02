package loader

// paseoTeam says whether a document is Paseo's team catalogue: the file
// at its place under $PASEO_HOME, or a 0.12.0 team file.
func paseoTeam(d *Document) bool {
	return d.Team || d.Kind == KindTeamCatalogue
}

// galleryMeta is the key of the gallery's curation in a library item.
const galleryMeta = "io.github.itsjustanks/mcp-gallery"

// resolveCatalogueClash applies Paseo's merge of libraries: "A server name
// is shown once, and a clash goes by trust, not by the order of the list:
// Team first, then libraries you added". A library server named like a
// team entry (its server.json name, or the curation's id) is hidden by
// the team's copy. The order among libraries of one group is the
// Libraries list's, which no file shows, so only Team against library is
// decided.
func resolveCatalogueClash(ws *Workspace) {
	team := map[string]*Server{}
	for _, d := range ws.Documents {
		if !paseoTeam(d) {
			continue
		}
		for _, s := range d.Servers {
			if s.Name != "" && team[s.Name] == nil {
				team[s.Name] = s
			}
		}
	}
	if len(team) == 0 {
		return
	}
	for _, d := range ws.Documents {
		if paseoTeam(d) || d.Kind != KindRegistryList || d.File == nil || d.File.Root == nil {
			continue
		}
		items := d.File.Root.Get("servers")
		for i, s := range d.Servers {
			if s.ShadowedBy != nil {
				continue
			}
			w := team[s.Name]
			if w == nil && items != nil && i < len(items.Items) {
				if id, ok := items.Items[i].Get("_meta").Get(galleryMeta).Get("id").Str(); ok {
					w = team[id]
				}
			}
			if w != nil && w != s {
				s.ShadowedBy = w
				w.Shadows = append(w.Shadows, s)
			}
		}
	}
}
