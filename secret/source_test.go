package secret

import (
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader/syntax"
)

func TestMaskSourceKeepsColumnsAndHidesByName(t *testing.T) {
	src := "{\n  \"env\": {\n    \"AWS_SECRET_ACCESS_KEY\": \"wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEYq\",\n" +
		"    \"GH\": \"ghp_R8x2Lq9ZtV4mN7pK3sW6yB1cD5fH0jQ2aE8u\"\n  },\n" +
		"  \"args\": [\"postgres://app:s3cr3t-Passw0rd@db:5432/app\", \"--api-key\", \"Zq8vB2xL9mK4pR7tW1yN3cF6\"]\n}\n"
	got := string(MaskSource([]byte(src), syntax.JSON))
	for _, secretPart := range []string{"wJalrXUtnFEMI", "R8x2Lq9ZtV4m", "s3cr3t", "Zq8vB2xL9m"} {
		if strings.Contains(got, secretPart) {
			t.Errorf("%q left in:\n%s", secretPart, got)
		}
	}
	if !strings.Contains(got, `"ghp_****`) {
		t.Errorf("the kind prefix ghp_ should stay:\n%s", got)
	}
	if strings.Contains(got, "app:s*") {
		t.Errorf("a password keeps no prefix:\n%s", got)
	}
	gl, sl := strings.Split(got, "\n"), strings.Split(src, "\n")
	for i := range sl {
		if len([]rune(gl[i])) != len([]rune(sl[i])) {
			t.Errorf("line %d changed length: %q -> %q", i+1, sl[i], gl[i])
		}
	}
}

func TestMaskSourceMultiByteAndComments(t *testing.T) {
	src := "// token: ghp_R8x2Lq9ZtV4mN7pK3sW6yB1cD5fH0jQ2aE8u\n{\"é\": \"x\"}\n"
	got := string(MaskSource([]byte(src), syntax.JSONC))
	if strings.Contains(got, "R8x2Lq9Z") || !strings.Contains(got, "{\"é\": \"x\"}") {
		t.Errorf("got %q", got)
	}
}

func TestWrappedPlaceholderWithDigits(t *testing.T) {
	for _, v := range []string{"<YOUR_MT5_PASSWORD>", "[your-s3-key]", "<API_KEY_V2>"} {
		if !IsPlaceholder(v) {
			t.Errorf("%q should be a placeholder", v)
		}
	}
	if IsPlaceholder("<ghp_R8x2Lq9ZtV4mN7pK3sW6yB1cD5fH0jQ2aE8u>") {
		t.Error("a wrapped real-shaped token is not a placeholder")
	}
}
