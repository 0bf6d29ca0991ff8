package main

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"sync"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// readings are the current temperatures, in degrees Celsius.
var readings = map[string]float64{"London": 16.2, "Cairo": 34.1, "Reykjavik": 4.4}

// City is a city with readings.
type City string

// The cities with readings: a prompt argument or URI variable of type
// City takes one of them, and completes to them.
const (
	Cairo     City = "Cairo"
	London    City = "London"
	Reykjavik City = "Reykjavik"
)

// GetTemperature reports the current temperature in a city, in whole
// degrees Celsius.
//   - city: the city to report on, such as "London"
//
//mcp:tool readonly
func GetTemperature(ctx context.Context, city string) (int, error) {
	t, ok := readings[city]
	if !ok {
		return 0, fmt.Errorf("no readings for %q", city)
	}
	return int(t), nil
}

// WeatherData is the current weather at one place.
type WeatherData struct {
	// Degrees Celsius.
	Temperature float64 `json:"temperature"`
	// Relative humidity, 0 to 1.
	Humidity   float64 `json:"humidity"`
	Conditions string  `json:"conditions"` // Overcast, Sunny, Rain, ...
}

// GetWeather reports the current weather for a city.
//   - city (minLength=1): the city to report on, such as "London"
//
//mcp:tool readonly icon=sun.png
func GetWeather(ctx context.Context, city string) (WeatherData, error) {
	t, ok := readings[city]
	if !ok {
		return WeatherData{}, fmt.Errorf("no readings for %q", city)
	}
	return WeatherData{Temperature: t, Humidity: 0.83, Conditions: "Overcast"}, nil
}

// ForecastRequest asks for a daily forecast.
type ForecastRequest struct {
	// The city to forecast for.
	City string `json:"city" jsonschema:"minLength=1,example=London"`
	// How many days ahead.
	Days int `json:"days" jsonschema:"minimum=1,maximum=7,default=3"`
}

// GetForecast gives a daily forecast for a city.
//
//mcp:tool readonly ui=forecast.html ui-border=true
func GetForecast(ctx context.Context, req ForecastRequest) ([]WeatherData, error) {
	if req.Days < 1 || req.Days > 7 {
		return nil, fmt.Errorf("days must be 1 to 7, got %d", req.Days)
	}
	base, ok := readings[req.City]
	if !ok {
		return nil, fmt.Errorf("no readings for %q", req.City)
	}
	var days []WeatherData
	for day := range req.Days {
		days = append(days, WeatherData{Temperature: base + float64(day), Humidity: 0.83, Conditions: "Overcast"})
	}
	return days, nil
}

// GetTemperatures reports the current temperature of each city, in
// degrees Celsius; cities without readings are left out.
//   - cities (minItems=1,maxItems=20,uniqueItems=true): the cities to report on
//
//mcp:tool readonly idempotent
func GetTemperatures(cities []string) map[string]float64 {
	out := map[string]float64{}
	for _, c := range cities {
		if t, ok := readings[c]; ok {
			out[c] = t
		}
	}
	return out
}

// WeatherReport gives a human-readable weather report for a city.
//   - city: the city to report on
//
//mcp:tool structured=false
func WeatherReport(city string) string {
	return fmt.Sprintf("%s: 17 degrees, overcast, light rain easing by evening.", city)
}

// A ClimateSummary sums up a city's weather over years.
type ClimateSummary struct {
	City  string `json:"city"`
	Years int    `json:"years"`
	// MeanTemperature is the mean of the yearly means, in degrees Celsius.
	MeanTemperature float64 `json:"meanTemperature"`
}

// climateYear is how long summing up one year of readings takes.
var climateYear = 100 * time.Millisecond

// SummarizeClimate sums up a city's readings over the past years, one
// year at a time, which takes a while: a client that declares the tasks
// extension gets a task to poll, with the year being read as its status.
//   - city: the city to sum up
//   - years (minimum=1, maximum=30): how many past years to read
//
//mcp:tool readonly task=optional
func SummarizeClimate(ctx context.Context, city string, years int) (ClimateSummary, error) {
	sum := 0.0
	for y := 1; y <= years; y++ {
		if err := toolrt.Progress(ctx, float64(y), float64(years), fmt.Sprintf("reading year %d of %d", y, years)); err != nil {
			return ClimateSummary{}, err
		}
		select {
		case <-time.After(climateYear):
		case <-ctx.Done():
			return ClimateSummary{}, ctx.Err()
		}
		sum += 11 + float64(y%3)
	}
	return ClimateSummary{City: city, Years: years, MeanTemperature: sum / float64(years)}, nil
}

// Station is a weather station. It declares no exported fields, so its
// result has no schema and reaches clients as text only; mcptag lint
// reports it.
type Station struct {
	name   string
	online bool
}

// String describes the station for a model.
func (s Station) String() string {
	state := "offline"
	if s.online {
		state = "online"
	}
	return fmt.Sprintf("station %s (%s)", s.name, state)
}

// GetStation looks up a weather station by name.
//   - name: the station's name
//
//mcp:tool
//mcptag:ignore unstructured deliberate: the example keeps one tool that degrades to text, as a class without annotations does in the Python SDK
func GetStation(name string) Station {
	return Station{name: name, online: true}
}

// LastUpdated reports when the readings were last refreshed.
//
//mcp:tool readonly
func LastUpdated() time.Time {
	return time.Date(2026, 11, 30, 6, 0, 0, 0, time.UTC)
}

// PlanTrip asks for a day-by-day plan of a trip, with the weather in
// mind.
//   - city: the city to visit
//   - days (pattern=^[1-7]$): how many days the trip lasts, 1 to 7
//
//mcp:prompt title="Plan a trip"
func PlanTrip(city City, days string) string {
	return fmt.Sprintf("Plan a %s-day trip to %s. It is %.0f °C there now: for each day, suggest what to do and what to wear.",
		days, city, readings[string(city)])
}

// Cities are the cities with readings, in alphabetical order. The list
// changes rarely: a client may keep it an hour.
//
//mcp:resource weather://cities ttl=1h
func Cities() []City {
	cities := make([]City, 0, len(readings))
	for c := range readings {
		cities = append(cities, City(c))
	}
	slices.Sort(cities)
	return cities
}

// CurrentWeather is the current weather in a city.
//
//mcp:resource weather://{city}/current title="Current weather"
func CurrentWeather(ctx context.Context, city City) (WeatherData, error) {
	t, ok := readings[string(city)]
	if !ok {
		return WeatherData{}, fmt.Errorf("no readings for %q: %w", city, fs.ErrNotExist)
	}
	return WeatherData{Temperature: t, Humidity: 0.83, Conditions: "Overcast"}, nil
}

// savedCities are the cities each user saved, by user, in the order
// saved: one per server, which newServerOf hands to the tools in the
// context of every request, so that two servers in one process (or two
// tests) never see each other's. The user of save_city and forget_city
// travels in the HTTP header Mcp-Param-User too (header=User), from a
// client on protocol 2026-07-28, for a gateway to route on.
type savedCities struct {
	sync.Mutex
	cities map[string][]City
}

// savedKey is the context key of the server's savedCities.
type savedKey struct{}

// withSavedCities has every request that server receives carry a
// savedCities of its own.
func withSavedCities(server *mcp.Server) {
	saved := &savedCities{cities: map[string][]City{}}
	server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			return next(context.WithValue(ctx, savedKey{}, saved), method, req)
		}
	})
}

// savedOf is the savedCities of the server that serves ctx's request.
func savedOf(ctx context.Context) (*savedCities, error) {
	saved, ok := ctx.Value(savedKey{}).(*savedCities)
	if !ok {
		return nil, errors.New("this server keeps no saved cities: build it with newServerOf")
	}
	return saved, nil
}

// SaveCity saves a city to a user's list and returns the list.
//   - user (header=User): who saves it
//   - city: the city to save
//
//mcp:tool idempotent toolset=cities
func SaveCity(ctx context.Context, user string, city City) ([]City, error) {
	saved, err := savedOf(ctx)
	if err != nil {
		return nil, err
	}
	saved.Lock()
	defer saved.Unlock()
	if !slices.Contains(saved.cities[user], city) {
		saved.cities[user] = append(saved.cities[user], city)
	}
	return slices.Clone(saved.cities[user]), nil
}

// ForgetRequest names a saved city to forget.
type ForgetRequest struct {
	// Who saved it.
	User string `json:"user" jsonschema:"header=User"`
	// The city to forget.
	City City `json:"city"`
}

// Confirmation is what a user answers before a saved city is forgotten.
//
//mcp:elicit
type Confirmation struct {
	// Forget the city.
	Forget bool `json:"forget"`
	// An address to tell once it is done, if any.
	NotifyEmail string `json:"notify_email,omitempty" jsonschema:"format=email"`
}

// Saved is a user's saved cities after a change.
type Saved struct {
	// The user's cities, in the order saved.
	Cities []City `json:"cities,omitempty"`
	// Whether the city was forgotten: false when the user kept it.
	Forgotten bool `json:"forgotten"`
	// Who is told that it was, if anyone.
	NotifyEmail string `json:"notify_email,omitempty"`
}

// ForgetCity forgets a city a user saved, once the user confirms it, and
// returns the cities left.
//
//mcp:tool destructive idempotent toolset=cities scopes=cities:write
func ForgetCity(ctx context.Context, req *mcp.CallToolRequest, in ForgetRequest) (Saved, error) {
	answer, ok, err := ElicitConfirmation(ctx, req, fmt.Sprintf("Forget %s from the cities %s saved?", in.City, in.User))
	if err != nil {
		return Saved{}, err // on protocol 2026-07-28, the error asks the client for the form
	}
	saved, err := savedOf(ctx)
	if err != nil {
		return Saved{}, err
	}
	saved.Lock()
	defer saved.Unlock()
	if !ok || !answer.Forget {
		return Saved{Cities: slices.Clone(saved.cities[in.User])}, nil
	}
	saved.cities[in.User] = slices.DeleteFunc(saved.cities[in.User], func(c City) bool { return c == in.City })
	return Saved{Cities: slices.Clone(saved.cities[in.User]), Forgotten: true, NotifyEmail: answer.NotifyEmail}, nil
}

// fetchForecast fetches the forecast of one city afresh. It stands for a
// slow call to a weather service, and gives up when ctx is done, as such
// a call does when the client cancels.
var fetchForecast = func(ctx context.Context, city string) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(50 * time.Millisecond):
		return nil
	}
}

// RefreshForecasts fetches the forecasts of cities afresh, one after
// another, and returns the cities it refreshed. It reports its progress
// as it goes, logs each city, and stops when the client cancels the call.
//   - cities (minItems=1,maxItems=20,uniqueItems=true): the cities to refresh
//
//mcp:tool idempotent
func RefreshForecasts(ctx context.Context, cities []string) ([]string, error) {
	var refreshed []string
	for i, city := range cities {
		if _, ok := readings[city]; !ok {
			toolrt.Log(ctx, "warning", "no readings, skipped", "city", city)
			continue
		}
		if err := fetchForecast(ctx, city); err != nil {
			return refreshed, fmt.Errorf("refreshing %s: %w", city, err)
		}
		refreshed = append(refreshed, city)
		toolrt.Log(ctx, "info", "refreshed", "city", city)
		// A client that asked for no progress gets none, and nil.
		_ = toolrt.Progress(ctx, float64(i+1), float64(len(cities)), "refreshed "+city)
	}
	return refreshed, nil
}
