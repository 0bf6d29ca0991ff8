package naming

import "testing"

func TestSnakeCase(t *testing.T) {
	for name, want := range map[string]string{
		"GetWeather":       "get_weather",
		"getWeather":       "get_weather",
		"Ping":             "ping",
		"HTTPServer":       "http_server",
		"ServeHTTP":        "serve_http",
		"GetV2API":         "get_v2_api",
		"Base64Encode":     "base64_encode",
		"S3Bucket":         "s3_bucket",
		"ListURLs":         "list_urls",
		"GetIDs":           "get_ids",
		"IDsByName":        "ids_by_name",
		"ListAPIsNow":      "list_apis_now",
		"NaNReading":       "nan_reading",
		"IsNaN":            "is_nan",
		"IPv4Address":      "ipv4_address",
		"GetIPv6":          "get_ipv6",
		"OAuthToken":       "oauth_token",
		"NewOAuth2Client":  "new_oauth2_client",
		"GitHubRepo":       "github_repo",
		"ListGitHubIssues": "list_github_issues",
		"GraphQLQuery":     "graphql_query",
		"RunGRPC":          "run_grpc",
		"UseIOSDevice":     "use_ios_device",
		"Status":           "status",
		"Aliases":          "aliases",
		"Über":             "über",
		"A":                "a",
		"AB":               "ab",
		"ABc":              "a_bc",
		"X1Y2":             "x1_y2",
	} {
		if got := SnakeCase(name); got != want {
			t.Errorf("SnakeCase(%q) = %q, want %q", name, got, want)
		}
	}
}
