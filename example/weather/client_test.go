package main

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/mcptag/mcptag/toolrt/toolrttest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestClient calls every tool through the generated typed client, on the
// server main builds, connected in memory: Go arguments in, the Go value
// out, and a tool's error as a *toolrt.ToolError with its text.
func TestClient(t *testing.T) {
	ctx := context.Background()
	c := NewClient(toolrttest.Connect(t, newServer(), toolrttest.Forms(confirm(true))))
	check := func(name string, got, want any, err error) {
		t.Helper()
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %#v, want %#v", name, got, want)
		}
	}
	temp, err := c.GetTemperature(ctx, "Cairo")
	check("GetTemperature", temp, 34, err)
	_, err = c.GetTemperature(ctx, "Atlantis")
	var te *toolrt.ToolError
	if !errors.As(err, &te) || te.Tool != "get_temperature" || te.Message != `no readings for "Atlantis"` {
		t.Errorf("GetTemperature(Atlantis): %#v, want the tool's error", err)
	}
	weather, err := c.GetWeather(ctx, "London")
	check("GetWeather", weather, WeatherData{Temperature: 16.2, Humidity: 0.83, Conditions: "Overcast"}, err)
	forecast, err := c.GetForecast(ctx, ForecastRequest{City: "Reykjavik", Days: 2})
	check("GetForecast", forecast, []WeatherData{{4.4, 0.83, "Overcast"}, {5.4, 0.83, "Overcast"}}, err)
	temps, err := c.GetTemperatures(ctx, []string{"London", "Atlantis"})
	check("GetTemperatures", temps, map[string]float64{"London": 16.2}, err)
	report, err := c.WeatherReport(ctx, "London")
	check("WeatherReport", report, "London: 17 degrees, overcast, light rain easing by evening.", err)
	station, err := c.GetStation(ctx, "Heathrow") // a Station has no JSON: its text
	check("GetStation", station, "station Heathrow (online)", err)
	updated, err := c.LastUpdated(ctx)
	check("LastUpdated", updated, time.Date(2026, 11, 30, 6, 0, 0, 0, time.UTC), err)
	cities, err := c.SaveCity(ctx, "hana", Cairo)
	check("SaveCity", cities, []City{Cairo}, err)
	cities, err = c.SaveCity(ctx, "hana", London)
	check("SaveCity", cities, []City{Cairo, London}, err)
	// forget_city asks the user to confirm: Forms answers for the user.
	saved, err := c.ForgetCity(ctx, ForgetRequest{User: "hana", City: Cairo})
	check("ForgetCity", saved, Saved{Cities: []City{London}, Forgotten: true, NotifyEmail: "hana@example.com"}, err)
}

// TestClientDeclined: a user who declines the form keeps the city, and a
// client that fills in no forms cannot call forget_city at all.
func TestClientDeclined(t *testing.T) {
	ctx := context.Background()
	c := NewClient(toolrttest.Connect(t, newServer(), toolrttest.Forms(confirm(false))))
	if _, err := c.SaveCity(ctx, "hana", Cairo); err != nil {
		t.Fatal(err)
	}
	saved, err := c.ForgetCity(ctx, ForgetRequest{User: "hana", City: Cairo})
	if err != nil || saved.Forgotten || !reflect.DeepEqual(saved.Cities, []City{Cairo}) {
		t.Errorf("ForgetCity, declined = %+v, %v; want Cairo kept", saved, err)
	}
	noForms := NewClient(toolrttest.Connect(t, newServer()))
	if _, err := noForms.ForgetCity(ctx, ForgetRequest{User: "hana", City: Cairo}); err == nil {
		t.Error("ForgetCity without forms succeeded")
	}
}

// confirm answers forget_city's form as a user would: forget, and tell
// hana, or decline.
func confirm(forget bool) func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	return func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		if !forget {
			return &mcp.ElicitResult{Action: "decline"}, nil
		}
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"forget": true, "notify_email": "hana@example.com"}}, nil
	}
}
