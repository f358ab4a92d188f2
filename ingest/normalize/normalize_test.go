package normalize

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// testNow anchors the relative dates of the fixtures ("10 months ago").
var testNow = time.Date(2026, 7, 1, 12, 34, 56, 0, time.UTC)

// fixtureFiles are the fixtures per platform: one JSON array per actor, in
// the shapes of the actors' published sample items plus the awkward cases.
var fixtureFiles = map[string]platform.Platform{
	"clockworks_tiktok-scraper.json":    platform.TikTok,
	"apify_instagram-scraper.json":      platform.Instagram,
	"apify_instagram-reel-scraper.json": platform.Instagram,
	"streamers_youtube-scraper.json":    platform.YouTube,
	"apidojo_tweet-scraper.json":        platform.X,
}

func u64(v uint64) *uint64    { return &v }
func f64(v float64) *float64  { return &v }
func flagOf(v bool) *bool     { return &v }
func textOf(v string) *string { return &v }
func utc(s string) *time.Time { t, _ := time.Parse(time.RFC3339, s); return &t }

// fixtureCase is the expected result of normalizing item index of a fixture.
type fixtureCase struct {
	name    string
	want    Item
	wantErr bool
}

func loadFixture(t testing.TB, name string) []json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("read fixture: %v", err)
	}
	var items []json.RawMessage
	if err := json.Unmarshal(data, &items); err != nil {
		t.Fatalf("fixture %s is not a JSON array: %v", name, err)
	}
	return items
}

// runFixture normalizes every item of a fixture and compares it with the
// case of the same index; a fixture item without a case fails the test, so
// the table and the file cannot drift apart.
func runFixture(t *testing.T, file string, cases []fixtureCase) {
	t.Helper()
	p := fixtureFiles[file]
	items := loadFixture(t, file)
	if len(items) != len(cases) {
		t.Fatalf("%s has %d items, the table %d cases", file, len(items), len(cases))
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Normalize(p, items[i], testNow)
			if c.wantErr {
				if err == nil {
					t.Fatalf("want an error, got %s", dump(got))
				}
				return
			}
			if err != nil {
				t.Fatalf("Normalize: %v", err)
			}
			c.want.Platform = p
			// the sound each item names is TestNormalizeSound's
			for i := range got.Videos {
				got.Videos[i].Sound = nil
			}
			if g, w := dump(got), dump(c.want); g != w {
				t.Errorf("item %d of %s:\n got: %s\nwant: %s", i, file, g, w)
			}
		})
	}
}

// dump renders an item with pointers dereferenced, for comparison and for
// readable failures.
func dump(it Item) string {
	b, err := json.MarshalIndent(it, "", "  ")
	if err != nil {
		return "unmarshalable item: " + err.Error()
	}
	return string(b)
}

const (
	ohMyShopAvatar = "https://p16-common-sign.tiktokcdn-us.com/tos-maliva-avt-0068/b40a9b6e8ad8b21873fcee3301be89c9~tplv-tiktokx-cropcenter:720:720.jpeg?dr=9640&refresh_token=717029a2&x-expires=1775059200&x-signature=xQENVlXNHw5fRma%2FubMHQHiNfeY%3D&t=4d5b0474&ps=13740610&shp=a5d48078&shcp=81f88b70&idc=useast5"
	ohMyShopCover  = "https://p16-common-sign.tiktokcdn-us.com/tos-alisg-p-0037/ooK3EKFrAmUqwf4KBADAICyhR4pggCDEAoEqfo~tplv-tiktokx-origin.image?dr=9636&x-expires=1775059200&x-signature=LJWTIgqu2wvTDfLwTdVSCow6lzM%3D&t=4d5b0474&ps=13740610&shp=81f88b70&shcp=43f4a2f9&idc=useast5"
	shaiieAvatar1  = "https://p16-common-sign-va.tiktokcdn-us.com/tos-maliva-avt-0068/a76fbd25290f391d7ad8b61fe5fa99e8~tplv-tiktokx-cropcenter:720:720.jpeg?dr=9640&refresh_token=985e467d&x-expires=1756886400&x-signature=NeHTiZJsr7cp6ijWQkiNso544Zg%3D&t=4d5b0474&ps=13740610&shp=a5d48078&shcp=f20df69d&idc=useast5"
	shaiieAvatar2  = "https://p16-pu-sign-no.tiktokcdn-eu.com/tos-no1a-avt-0068c001-no/a76fbd25290f391d7ad8b61fe5fa99e8~tplv-tiktokx-cropcenter:720:720.jpeg?dr=10399&refresh_token=8fe904c4&x-expires=1756886400&x-signature=6%2BIU4BT7Xgt0N5x7ZcrOun%2BI%2BOs%3D&t=4d5b0474&ps=13740610&shp=a5d48078&shcp=81f88b70&idc=no1a"
	shaiieSlides   = "https://p16-pu-sign-no.tiktokcdn-eu.com/tos-no1a-i-photomode-no/cead98ba6871473581e3b54fd7d4928d~tplv-photomode-image.jpeg?dr=10375&x-expires=1756886400&x-signature=PJ6XcL7snSio5PVn4c4y87AvDP8%3D&t=4d5b0474&ps=13740610&shp=81f88b70&shcp=9b759fb9&idc=no1a&ftpl=1"
	shaiieCover    = "https://p16-common-sign-no.tiktokcdn-us.com/tos-no1a-p-0037-no/oUIRDkoATOwuGrtNDFEI5jF2j0BBqgfeEMEJ2V~tplv-tiktokx-origin.image?dr=9636&x-expires=1756886400&x-signature=iO442BQBu6RpBX8qAj5wAfWg0tA%3D&t=4d5b0474&ps=13740610&shp=81f88b70&shcp=43f4a2f9&idc=useast5"
	gretaAvatar    = "https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/3b43a9f163774c65e26adaec1f967e47~tplv-tiktokx-cropcenter:720:720.jpeg?dr=14579&refresh_token=fcabb4ab&x-expires=1756886400&x-signature=d8CUReHcX4aowTaVF0IEyBjmR%2FU%3D&t=4d5b0474&ps=13740610&shp=a5d48078&shcp=81f88b70&idc=my"
	gretaCover     = "https://p16-pu-sign-no.tiktokcdn-eu.com/tos-no1a-p-0037-no/oYBpoCBE0YVCIgAE5AiiVAwanII7vSLAqBYBl~tplv-tiktokx-origin.image?dr=14575&x-expires=1756886400&x-signature=Y20ebi0TvRDw0ssEvFXKTAUIAxc%3D&t=4d5b0474&ps=13740610&shp=81f88b70&shcp=43f4a2f9&idc=my"
)

func TestNormalizeTikTok(t *testing.T) {
	runFixture(t, "clockworks_tiktok-scraper.json", []fixtureCase{
		{
			name: "profile video of a shop seller with a shop product",
			want: Item{
				Input: "ohmyshop.store",
				Account: &Account{
					Handle: "ohmyshop.store", PlatformID: "6824909367272768518", Keys: []string{"ohmyshop.store"},
					DisplayName: "Oh My Shop!", AvatarURL: ohMyShopAvatar, Followers: u64(1982),
					// ttSeller false, commerceUser true: any marker set counts.
					IsSeller: flagOf(true),
					Bio:      textOf("Tienda on line- 🇦🇷\nEstamos en Juan B Justo 5038\n www.ohmyshop.com.ar"),
				},
				Videos: []Video{{
					ID:            "7623046776752295175",
					URL:           "https://www.tiktok.com/@ohmyshop.store/video/7623046776752295175",
					AuthorHandle:  "ohmyshop.store",
					Caption:       "Basta de abrir el baúl y que todo esté tirado 👀\nOrganizá TODO en un solo lugar con este maletín para tu auto ✔️ Práctico, compacto y súper cómodo de llevar.\n\nConseguilo en Oh my Shop ~ Juan B. Justo 5038, CABA 🩷",
					ThumbnailURL:  ohMyShopCover,
					PublishedAt:   utc("2026-03-30T13:54:52Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(27),
					Metrics:       Metrics{Views: u64(165), Likes: u64(4), Comments: u64(0), Shares: u64(0), Saves: u64(0)},
					IsShop:        flagOf(true),
				}},
			},
		},
		{
			name: "pinned slideshow without shop marker",
			want: Item{
				Input: "shaiie_foeva",
				Account: &Account{
					Handle: "shaiie_foeva", PlatformID: "7002169437214213125", Keys: []string{"shaiie_foeva"},
					DisplayName: "Shaiie_Foeva", AvatarURL: shaiieAvatar1, Followers: u64(2200000), IsSeller: flagOf(false),
					Bio: textOf("SHOP THE E-BOOK OUT NOW"),
				},
				Videos: []Video{{
					ID:            "7535448384170331414",
					URL:           "https://www.tiktok.com/@shaiie_foeva/video/7535448384170331414",
					AuthorHandle:  "shaiie_foeva",
					ThumbnailURL:  shaiieSlides,
					PublishedAt:   utc("2025-08-06T12:28:22Z"),
					PublishedFrom: PublishedProvider,
					Metrics:       Metrics{Views: u64(348100), Likes: u64(3951), Comments: u64(111), Shares: u64(38), Saves: u64(105)},
					Pinned:        true,
					Slideshow:     true,
				}},
			},
		},
		{
			name: "post URL item with shop marker false",
			want: Item{
				Input: "https://www.tiktok.com/@shaiie_foeva/video/7533731959172861206",
				Account: &Account{
					Handle: "shaiie_foeva", PlatformID: "7002169437214213125", Keys: []string{"shaiie_foeva"},
					DisplayName: "Shaiie_Foeva", AvatarURL: shaiieAvatar2, Followers: u64(2200000), IsSeller: flagOf(false),
					Bio: textOf("SHOP THE E-BOOK OUT NOW"),
				},
				Videos: []Video{{
					ID:            "7533731959172861206",
					URL:           "https://www.tiktok.com/@shaiie_foeva/video/7533731959172861206",
					AuthorHandle:  "shaiie_foeva",
					ThumbnailURL:  shaiieCover,
					PublishedAt:   utc("2025-08-01T21:27:45Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(74),
					Metrics:       Metrics{Views: u64(573900), Likes: u64(25900), Comments: u64(346), Shares: u64(352), Saves: u64(1356)},
					IsShop:        flagOf(false),
				}},
			},
		},
		{
			name: "counts as strings and above 2^31, createTime fallback",
			want: Item{
				Input: "nogood.io",
				Account: &Account{
					Handle: "nogood.io", PlatformID: "6776371925083915270", Keys: []string{"nogood.io"},
					DisplayName: "NoGood",
					AvatarURL:   "https://p16-common-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/7a1b2c3d4e5f60718293a4b5c6d7e8f9~tplv-tiktokx-cropcenter:720:720.jpeg?dr=9640&x-expires=1767970800&x-signature=Q2l0ZWRfZm9yX3Rlc3Rz%3D&idc=useast5",
					Followers:   u64(190000), IsSeller: flagOf(true),
					Bio: textOf("growth marketing agency committed to the bit"),
				},
				Videos: []Video{{
					ID:            "7592641437091532062",
					URL:           "https://www.tiktok.com/@nogood.io/video/7592641437091532062",
					AuthorHandle:  "nogood.io",
					Caption:       "Pinterest would never right? #pinterest #openai #brandstrategy #marketing",
					ThumbnailURL:  "https://p16-common-sign.tiktokcdn-eu.com/tos-no1a-p-0037-no/oA1b2C3d4E5f6G7h8I9j0K~tplv-tiktokx-origin.image?dr=9636&x-expires=1767970800&idc=no1a",
					PublishedAt:   utc("2026-01-07T15:26:46Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(73),
					// collectCount null is unknown, not 0.
					Metrics: Metrics{Views: u64(3000000000), Likes: u64(83000), Comments: u64(1234567), Shares: u64(1200000)},
				}},
			},
		},
		{
			name: "repost by another author in a profile feed, odd count types",
			want: Item{
				Input: "nogood.io",
				Account: &Account{
					Handle: "gretalynnhihi", PlatformID: "6733984297591636998", Keys: []string{"gretalynnhihi"},
					DisplayName: "Greta Lynn", AvatarURL: gretaAvatar, Followers: u64(51200),
					Bio: textOf("hellouu\nfashion | beauty | lifestyle"),
				},
				Videos: []Video{{
					ID:            "7543693751290481942",
					URL:           "https://www.tiktok.com/@gretalynnhihi/video/7543693751290481942",
					AuthorHandle:  "gretalynnhihi",
					Caption:       "ootd ☁️☁️\n\n#foruyou #fürdich #outfit #fit #viralvideos ",
					ThumbnailURL:  gretaCover,
					PublishedAt:   utc("2025-08-28T17:44:35Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(15.5),
					// -1, true and an object read as unknown; 1.2e6 and "83K" as numbers.
					Metrics: Metrics{Views: u64(1200000), Saves: u64(83000)},
					Repost:  true, RelatedHandle: "gretalynnhihi",
				}},
			},
		},
		{
			name: "numeric id above 2^53, counts at and past the int64 limit",
			want: Item{
				Input: "nasaofficial",
				Account: &Account{
					Handle: "nasaofficial", PlatformID: "6987048613642159109", Keys: []string{"nasaofficial"},
					DisplayName: "NASA", Followers: u64(3000000000), IsSeller: flagOf(true),
				},
				Videos: []Video{{
					ID:            "7548123456789012345",
					URL:           "https://www.tiktok.com/@nasaofficial/video/7548123456789012345",
					AuthorHandle:  "nasaofficial",
					Caption:       "we hit a milestone 🎉",
					PublishedAt:   utc("2025-09-04T15:33:20Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(59),
					Metrics:       Metrics{Views: u64(math.MaxInt64), Shares: u64(3000000000)},
				}},
			},
		},
		{
			name: "id, author and slideshow read from webVideoUrl, spaced and suffixed counts",
			want: Item{
				Input:   "https://www.tiktok.com/@some.creator/photo/7571234567890123456",
				Account: &Account{Handle: "some.creator", Keys: []string{"some.creator"}},
				Videos: []Video{{
					ID:            "7571234567890123456",
					URL:           "https://www.tiktok.com/@some.creator/video/7571234567890123456",
					AuthorHandle:  "some.creator",
					Caption:       "scraped without an id field",
					PublishedAt:   utc("2025-12-01T08:00:00Z"),
					PublishedFrom: PublishedProvider,
					// "1,2K" has a decimal comma: refused rather than misread as 12K.
					Metrics:   Metrics{Views: u64(1234567), Likes: u64(12500)},
					Slideshow: true, // a /photo/ URL
				}},
			},
		},
		{
			name: "failure row for a missing profile",
			want: Item{Input: "this.user.does.not.exist", Failed: true, Reason: "Empty or private data for provided input"},
		},
		{
			name: "failure row with only an error code",
			want: Item{Input: "https://www.tiktok.com/@shaiie_foeva/video/7000000000000000001", Failed: true, Reason: "Post not found"},
		},
		{name: "video without any id", wantErr: true},
	})
}

func TestNormalizeInstagramScraper(t *testing.T) {
	runFixture(t, "apify_instagram-scraper.json", []fixtureCase{
		{
			name: "collab reel in a brand feed with hidden likes",
			want: Item{
				Input:   "https://www.instagram.com/wendys/",
				Account: &Account{Handle: "kylan_darnell", PlatformID: "417504118", Keys: []string{"kylan_darnell"}, DisplayName: "Kylan Olivia Darnell"},
				Videos: []Video{{
					ID:            "DSGhrgIDmkP",
					URL:           "https://www.instagram.com/reel/DSGhrgIDmkP/",
					AuthorHandle:  "kylan_darnell",
					Caption:       "Finals week had us all drained so I had to help wake students up with @wendys new sparkling energy drinks #wendyspartner",
					ThumbnailURL:  "https://instagram.flas1-1.fna.fbcdn.net/v/t51.71878-15/589112744_1201992708428373_4212839826116043871_n.jpg",
					PublishedAt:   utc("2025-12-10T23:51:23Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(37.3),
					Metrics:       Metrics{Views: u64(2542022), Comments: u64(63)},
					Coauthors:     []string{"wendys"},
				}},
			},
		},
		{
			name: "image post",
			want: Item{
				Input:   "https://www.instagram.com/p/DZxvMgyH8yR/",
				Account: &Account{Handle: "natgeo", PlatformID: "787132", Keys: []string{"natgeo"}, DisplayName: "National Geographic"},
				Videos: []Video{{
					ID:            "DZxvMgyH8yR",
					URL:           "https://www.instagram.com/p/DZxvMgyH8yR/",
					AuthorHandle:  "natgeo",
					Caption:       "In the Democratic Republic of the Congo, photographer @carstenpeter followed a team of scientists into the crater of Mount Nyiragongo.",
					ThumbnailURL:  "https://scontent.cdninstagram.com/v/t51.82787-15/722859170_n.jpg",
					PublishedAt:   utc("2026-06-20T10:00:04Z"),
					PublishedFrom: PublishedProvider,
					Metrics:       Metrics{Likes: u64(55952), Comments: u64(110)},
				}},
			},
		},
		{
			name: "carousel with videoPlayCount 0",
			want: Item{
				Input:   "https://www.instagram.com/humansofny/",
				Account: &Account{Handle: "dexawild", PlatformID: "6521170568", Keys: []string{"dexawild"}, DisplayName: "Jordan Moody"},
				Videos: []Video{{
					ID:            "DZ3pbSeDY2_",
					URL:           "https://www.instagram.com/p/DZ3pbSeDY2_/",
					AuthorHandle:  "dexawild",
					Caption:       "Infinitely grateful to the @humansofny community for helping @stephen_james_campbell start his new life...",
					ThumbnailURL:  "https://scontent.cdninstagram.com/v/t51.82787-15/730022154_n.jpg",
					PublishedAt:   utc("2026-06-22T01:19:46Z"),
					PublishedFrom: PublishedProvider,
					Metrics:       Metrics{Likes: u64(14), Comments: u64(1)},
					Slideshow:     true,
				}},
			},
		},
		{
			name: "pinned reel, play count null, view count as comma string",
			want: Item{
				Input:   "https://www.instagram.com/nasawebb/",
				Account: &Account{Handle: "nasawebb", PlatformID: "549313808", Keys: []string{"nasawebb"}, DisplayName: "NASA Webb Telescope"},
				Videos: []Video{{
					ID:            "DZN3mhZBQ_Q",
					URL:           "https://www.instagram.com/reel/DZN3mhZBQ_Q/",
					AuthorHandle:  "nasawebb",
					Caption:       "The universe is full of clues hidden in light, and Webb has tools to find them.",
					ThumbnailURL:  "https://scontent.cdninstagram.com/v/t51.82787-15/715570175_n.jpg",
					PublishedAt:   utc("2026-06-05T19:58:30Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(228),
					Metrics:       Metrics{Views: u64(41365), Likes: u64(11481), Comments: u64(92)},
					Pinned:        true,
				}},
			},
		},
		{
			name: "details item with latestPosts: own pinned reel, collab, post without shortCode",
			want: Item{
				Input: "https://www.instagram.com/humansofny/",
				Account: &Account{
					Handle: "humansofny", PlatformID: "242598499", Keys: []string{"humansofny"},
					DisplayName: "Humans of New York", AvatarURL: "https://scontent.cdninstagram.com/v/t51.2885-19/488057622_n.jpg",
					Followers: u64(12613771),
					Bio:       textOf("New York City, one story at a time.\nCreated by Brandon Stanton\nDear New York available wherever books are sold."),
				},
				Videos: []Video{
					{
						ID:            "DPq5ZpJDZw9",
						URL:           "https://www.instagram.com/reel/DPq5ZpJDZw9/",
						AuthorHandle:  "humansofny",
						Caption:       "Dear New York closes on October 19th. It's been the honor and joy of my life to see this take flight...",
						ThumbnailURL:  "https://scontent.cdninstagram.com/v/t51.2885-15/562558918_n.jpg",
						PublishedAt:   utc("2025-10-11T13:27:07Z"),
						PublishedFrom: PublishedProvider,
						// Only videoViewCount here: not the reel's views.
						Metrics: Metrics{Likes: u64(106869), Comments: u64(942)},
						Pinned:  true,
					},
					{
						ID:            "DPmtea96CCG",
						URL:           "https://www.instagram.com/p/DPmtea96CCG/",
						AuthorHandle:  "dearnewyorkbook",
						Caption:       "“We met on the subway platform at 2am...” (1/3)",
						ThumbnailURL:  "https://scontent.cdninstagram.com/v/t51.2885-15/561234567_n.jpg",
						PublishedAt:   utc("2025-10-09T16:02:11Z"),
						PublishedFrom: PublishedProvider,
						Metrics:       Metrics{Likes: u64(88412), Comments: u64(1203)},
						Slideshow:     true,
						Coauthors:     []string{"humansofny"},
					},
					{
						// shortCode derived from the media id; author is the profile.
						ID:            "DPgDDdKwbdz",
						URL:           "https://www.instagram.com/p/DPgDDdKwbdz/",
						AuthorHandle:  "humansofny",
						Caption:       "A post the actor returned without a shortCode.",
						PublishedAt:   utc("2025-10-08T05:06:40Z"),
						PublishedFrom: PublishedProvider,
						Metrics:       Metrics{Likes: u64(45678), Comments: u64(310)},
					},
				},
			},
		},
		{
			name: "details item of a private profile",
			want: Item{
				Input: "https://www.instagram.com/some.private.acct/",
				Account: &Account{
					Handle: "some.private.acct", PlatformID: "51234567890", Keys: []string{"some.private.acct"},
					DisplayName: "Private Person", AvatarURL: "https://scontent.cdninstagram.com/v/t51.2885-19/44884218_hd_n.jpg",
					Followers: u64(1024),
					Bio:       textOf(""),
				},
			},
		},
		{
			name: "no_items failure row",
			want: Item{Input: "https://www.instagram.com/this_profile_is_private_or_gone/", Failed: true, Reason: "Empty or private data for provided input"},
		},
		{
			name: "failure row with a code only",
			want: Item{Input: "https://www.instagram.com/restricted.brand/", Failed: true, Reason: "Restricted page"},
		},
		{name: "post without shortCode, url or id", wantErr: true},
		{
			name: "the pinned reel in the profile's reels",
			want: Item{
				Input:   "https://www.instagram.com/humansofny/",
				Account: &Account{Handle: "humansofny", PlatformID: "242598499", Keys: []string{"humansofny"}, DisplayName: "Humans of New York"},
				Videos:  []Video{humansOfNYReel(true)},
			},
		},
		{
			name: "the same reel by its URL",
			want: Item{
				Input:   "https://www.instagram.com/reel/DPq5ZpJDZw9/",
				Account: &Account{Handle: "humansofny", PlatformID: "242598499", Keys: []string{"humansofny"}, DisplayName: "Humans of New York"},
				Videos:  []Video{humansOfNYReel(false)},
			},
		},
	})
}

func humansOfNYReel(pinned bool) Video {
	return Video{
		ID:            "DPq5ZpJDZw9",
		URL:           "https://www.instagram.com/reel/DPq5ZpJDZw9/",
		AuthorHandle:  "humansofny",
		Caption:       "Dear New York closes on October 19th. It's been the honor and joy of my life to see this take flight...",
		ThumbnailURL:  "https://scontent.cdninstagram.com/v/t51.2885-15/562558918_n.jpg",
		PublishedAt:   utc("2025-10-11T13:27:07Z"),
		PublishedFrom: PublishedProvider,
		DurationSec:   f64(61.4),
		Metrics:       Metrics{Views: u64(3187645), Likes: u64(106869), Comments: u64(942)},
		Pinned:        pinned,
	}
}

// TestInstagramReelViewsWhicheverWayFound: a reel listed in its profile's
// reels and the same reel by its URL give the same views (videoPlayCount);
// the profile's latestPosts, which carry only videoViewCount, give none
// rather than a different number.
func TestInstagramReelViewsWhicheverWayFound(t *testing.T) {
	items := loadFixture(t, "apify_instagram-scraper.json")
	views := map[string]*uint64{}
	for _, c := range []struct {
		name  string
		index int
	}{{"profile reels", 9}, {"by URL", 10}, {"latestPosts", 4}} {
		it, err := Normalize(platform.Instagram, items[c.index], testNow)
		if err != nil || len(it.Videos) == 0 || it.Videos[0].ID != "DPq5ZpJDZw9" {
			t.Fatalf("%s: %v, %s", c.name, err, dump(it))
		}
		views[c.name] = it.Videos[0].Metrics.Views
	}
	if views["profile reels"] == nil || views["by URL"] == nil || *views["profile reels"] != *views["by URL"] || *views["by URL"] != 3187645 {
		t.Errorf("views: profile reels %v, by URL %v; want 3187645 both", views["profile reels"], views["by URL"])
	}
	if views["latestPosts"] != nil {
		t.Errorf("latestPosts gave views %d", *views["latestPosts"])
	}
}

func TestNormalizeInstagramReelScraper(t *testing.T) {
	runFixture(t, "apify_instagram-reel-scraper.json", []fixtureCase{
		{
			name: "reel by URL",
			want: Item{
				Input:   "https://www.instagram.com/p/DTA4-URETWb/",
				Account: &Account{Handle: "nogood.io", PlatformID: "8367974286", Keys: []string{"nogood.io"}, DisplayName: "NoGood"},
				Videos: []Video{{
					ID:            "DTA4-URETWb",
					URL:           "https://www.instagram.com/reel/DTA4-URETWb/",
					AuthorHandle:  "nogood.io",
					Caption:       "MLG edits are better than brain rot memes anyways. #meme #brainrot #trends #marketing",
					ThumbnailURL:  "https://scontent-mia3-1.cdninstagram.com/v/t51.71878-15/612345678_n.jpg",
					PublishedAt:   utc("2026-01-02T15:51:22Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(44.9),
					Metrics:       Metrics{Views: u64(245464), Likes: u64(18974), Comments: u64(548)},
				}},
			},
		},
		{
			name: "pinned reel from a reels tab",
			want: Item{
				Input:   "https://www.instagram.com/nasawebb/reels/",
				Account: &Account{Handle: "nasawebb", PlatformID: "549313808", Keys: []string{"nasawebb"}, DisplayName: "NASA Webb Telescope"},
				Videos: []Video{{
					ID:            "DZN3mhZBQ_Q",
					URL:           "https://www.instagram.com/reel/DZN3mhZBQ_Q/",
					AuthorHandle:  "nasawebb",
					Caption:       "The universe is full of clues hidden in light, and Webb has tools to find them.",
					ThumbnailURL:  "https://scontent.cdninstagram.com/v/t51.82787-15/715570175_n.jpg",
					PublishedAt:   utc("2026-06-05T19:58:30Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(228),
					Metrics:       Metrics{Views: u64(241820), Likes: u64(11481), Comments: u64(92)},
					Pinned:        true,
				}},
			},
		},
		{
			name: "collab reel, code from URL, suffixed play count, hidden likes",
			want: Item{
				Input:   "https://www.instagram.com/nogood.io/reels/",
				Account: &Account{Handle: "creator.partner", PlatformID: "61234567890", Keys: []string{"creator.partner"}, DisplayName: "Creator Partner"},
				Videos: []Video{{
					ID:            "DTEpT_QJkuH",
					URL:           "https://www.instagram.com/reel/DTEpT_QJkuH/",
					AuthorHandle:  "creator.partner",
					Caption:       "collab with @creator.partner — hidden likes, comments off",
					PublishedAt:   utc("2026-01-04T18:00:00Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(31.5),
					Metrics:       Metrics{Views: u64(1200000)},
					Coauthors:     []string{"nogood.io"},
				}},
			},
		},
		{
			name: "no_items failure row",
			want: Item{Input: "https://www.instagram.com/reel/DAbCdEfGhIj/", Failed: true, Reason: "Empty or private data for provided input"},
		},
	})
}

func TestNormalizeYouTube(t *testing.T) {
	runFixture(t, "streamers_youtube-scraper.json", []fixtureCase{
		{
			name: "channel video with id, username and channel id",
			want: Item{
				Account: &Account{
					Handle: "nogoodhq", PlatformID: "UCZ4qs1SgV7wTkM2VjHByuRQ", Keys: []string{"@nogoodhq", "UCZ4qs1SgV7wTkM2VjHByuRQ"},
					DisplayName: "NoGood", AvatarURL: "https://yt3.googleusercontent.com/ytc/AIdro_nogood_avatar=s900-c-k-c0x00ffffff-no-rj",
					Followers: u64(86400),
					Bio:       textOf("Your daily dose of marketing knowledge & hot-takes"),
				},
				Videos: []Video{{
					ID:            "8eEOaCCxGwo",
					URL:           "https://www.youtube.com/watch?v=8eEOaCCxGwo",
					AuthorHandle:  "nogoodhq",
					AuthorKeys:    []string{"@nogoodhq", "UCZ4qs1SgV7wTkM2VjHByuRQ"},
					Caption:       "Culture & Creativity: You Are Not Who You Think You Are | SXSW London 2025",
					ThumbnailURL:  "https://i.ytimg.com/vi/8eEOaCCxGwo/maxresdefault.jpg",
					PublishedAt:   utc("2025-06-16T20:09:39Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(1631),
					Metrics:       Metrics{Views: u64(316), Likes: u64(2), Comments: u64(4)},
				}},
			},
		},
		{
			name: "video by URL with a day as date and an @handle channel URL",
			want: Item{
				Input:   "https://www.youtube.com/watch?v=CW7gfrTlr0Y",
				Account: &Account{Handle: "stromaevevo", Keys: []string{"@stromaevevo"}, DisplayName: "StromaeVEVO", Followers: u64(6930000)},
				Videos: []Video{{
					ID:            "CW7gfrTlr0Y",
					URL:           "https://www.youtube.com/watch?v=CW7gfrTlr0Y",
					AuthorHandle:  "stromaevevo",
					AuthorKeys:    []string{"@stromaevevo"},
					Caption:       "Stromae - Santé (Live From The Tonight Show Starring Jimmy Fallon)",
					ThumbnailURL:  "https://i.ytimg.com/vi/CW7gfrTlr0Y/maxresdefault.jpg",
					PublishedAt:   utc("2021-12-21T00:00:00Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(197),
					Metrics:       Metrics{Views: u64(35582192), Likes: u64(512238), Comments: u64(14)},
				}},
			},
		},
		{
			name: "channel listing with relative date, handle from the listing URL",
			want: Item{
				Input: "https://www.youtube.com/@LofiGirl/videos",
				Account: &Account{
					Handle: "lofigirl", PlatformID: "UCSJ4gkVC6NrvII8umztf0Ow", Keys: []string{"@lofigirl", "UCSJ4gkVC6NrvII8umztf0Ow"},
					DisplayName: "Lofi Girl", Followers: u64(13100000),
					Bio: textOf("\"That girl studying by the window non-stop\""),
				},
				Videos: []Video{{
					ID:            "HV6OlMPn5sI",
					URL:           "https://www.youtube.com/watch?v=HV6OlMPn5sI",
					AuthorHandle:  "lofigirl",
					AuthorKeys:    []string{"@lofigirl", "UCSJ4gkVC6NrvII8umztf0Ow"},
					Caption:       "Raimu - The Spirit Within 🍃 [lofi hip hop/relaxing beats]",
					PublishedAt:   utc("2025-09-01T00:00:00Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(1794),
					Metrics:       Metrics{Views: u64(410458)},
				}},
			},
		},
		{
			name: "search result short without type",
			want: Item{
				Input:   "https://www.youtube.com/results?search_query=bechdel+test",
				Account: &Account{Handle: "newbiestartrek", Keys: []string{"@newbiestartrek"}, DisplayName: "Newbie Star Trek"},
				Videos: []Video{{
					ID:            "k86TWcdjQuM",
					URL:           "https://www.youtube.com/shorts/k86TWcdjQuM",
					AuthorHandle:  "newbiestartrek",
					AuthorKeys:    []string{"@newbiestartrek"},
					Caption:       "This scene is the anti-Bechdel test",
					PublishedAt:   utc("2026-05-01T00:00:00Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(60),
					Metrics:       Metrics{Views: u64(6907)},
				}},
			},
		},
		{
			name: "short with legacy channel URLs, hidden subscribers, comments off",
			want: Item{
				Input:   "https://www.youtube.com/user/CreatorLabsTV",
				Account: &Account{Keys: []string{"c/creatorlabs", "user/creatorlabstv"}, DisplayName: "Creator Labs"},
				Videos: []Video{{
					ID:            "Xq2b7LmN0pQ",
					URL:           "https://www.youtube.com/shorts/Xq2b7LmN0pQ",
					AuthorKeys:    []string{"c/creatorlabs", "user/creatorlabstv"},
					Caption:       "60 second desk tour",
					ThumbnailURL:  "https://i.ytimg.com/vi/Xq2b7LmN0pQ/oar2.jpg",
					PublishedAt:   utc("2023-11-03T00:00:00Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(58),
					Metrics:       Metrics{Views: u64(1234567), Likes: u64(1200)},
				}},
			},
		},
		{
			name: "finished stream",
			want: Item{
				Input: "https://www.youtube.com/@NASASpaceflight/streams",
				Account: &Account{
					Handle: "nasaspaceflight", PlatformID: "UCSUu1lih2RifWkKtDOJdsBA", Keys: []string{"@nasaspaceflight", "UCSUu1lih2RifWkKtDOJdsBA"},
					DisplayName: "NASASpaceflight", Followers: u64(1400000),
				},
				Videos: []Video{{
					ID:            "aB3dE5fG7hI",
					URL:           "https://www.youtube.com/watch?v=aB3dE5fG7hI",
					AuthorHandle:  "nasaspaceflight",
					AuthorKeys:    []string{"@nasaspaceflight", "UCSUu1lih2RifWkKtDOJdsBA"},
					Caption:       "🔴 LIVE: Starship Flight 12",
					PublishedAt:   utc("2026-07-01T07:00:00Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(11529),
					Metrics:       Metrics{Views: u64(83000)},
				}},
			},
		},
		{
			name: "shorts scraper item from a keyword search",
			want: Item{
				Input: "세르프",
				Account: &Account{
					Handle: "serfkorea", PlatformID: "UC1a2B3c4D5e6F7g8H9i0JkL", Keys: []string{"@serfkorea", "UC1a2B3c4D5e6F7g8H9i0JkL"},
					DisplayName: "세르프", Followers: u64(67),
				},
				Videos: []Video{{
					ID:            "Zm9vYmFyMTI",
					URL:           "https://www.youtube.com/shorts/Zm9vYmFyMTI",
					AuthorHandle:  "serfkorea",
					AuthorKeys:    []string{"@serfkorea", "UC1a2B3c4D5e6F7g8H9i0JkL"},
					Caption:       "What is a baseline? #shorts",
					PublishedAt:   utc("2026-06-28T00:00:00Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(25),
					Metrics:       Metrics{Views: u64(243), Likes: u64(6), Comments: u64(0)},
				}},
			},
		},
		{
			name: "malformed id, id taken from the URL",
			want: Item{
				Input:   "https://www.youtube.com/results?search_query=bechdel+test",
				Account: &Account{Handle: "fantano", Keys: []string{"@fantano"}, DisplayName: "fantano"},
				Videos: []Video{{
					ID:            "CwRMBKk8St0",
					URL:           "https://www.youtube.com/watch?v=CwRMBKk8St0",
					AuthorHandle:  "fantano",
					AuthorKeys:    []string{"@fantano"},
					Caption:       "LET'S ARGUE: Beyoncé Fails the Bechdel Test!",
					PublishedAt:   utc("2021-07-01T00:00:00Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(828),
					Metrics:       Metrics{Views: u64(635379)},
				}},
			},
		},
		{
			name: "channel id revealed only by the input",
			want: Item{
				Input: "https://www.youtube.com/channel/UCxxxxxxxxxxxxxxxxxxxxxx",
				Account: &Account{
					Handle: "creatorlabs", PlatformID: "UCxxxxxxxxxxxxxxxxxxxxxx", Keys: []string{"@creatorlabs", "UCxxxxxxxxxxxxxxxxxxxxxx"},
					DisplayName: "Creator Labs", Followers: u64(5100000),
				},
				Videos: []Video{{
					ID:            "pR3m13r3Abc",
					URL:           "https://www.youtube.com/watch?v=pR3m13r3Abc",
					AuthorHandle:  "creatorlabs",
					AuthorKeys:    []string{"@creatorlabs", "UCxxxxxxxxxxxxxxxxxxxxxx"},
					Caption:       "Premiere: our 2 week review",
					PublishedAt:   utc("2026-06-17T00:00:00Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(842),
					Metrics:       Metrics{Views: u64(15000)},
				}},
			},
		},
		{
			name: "failure row",
			want: Item{
				Input: "https://www.youtube.com/@ThisChannelDoesNotExist404", Failed: true,
				Reason: "The channel https://www.youtube.com/@ThisChannelDoesNotExist404 does not exist or has no public videos.",
			},
		},
		{name: "channel page without a video id", wantErr: true},
	})
}

func TestNormalizeX(t *testing.T) {
	runFixture(t, "apidojo_tweet-scraper.json", []fixtureCase{
		{
			name: "quote tweet without viewCount",
			want: Item{
				Account: &Account{
					Handle: "elonmusk", PlatformID: "44196397", Keys: []string{"elonmusk"}, DisplayName: "Elon Musk",
					AvatarURL: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg", Followers: u64(172669889),
					Bio: textOf(""),
				},
				Videos: []Video{{
					ID:            "1728108619189874825",
					URL:           "https://x.com/elonmusk/status/1728108619189874825",
					AuthorHandle:  "elonmusk",
					Caption:       "More than 10 per human on average",
					PublishedAt:   utc("2023-11-24T17:49:36Z"),
					PublishedFrom: PublishedProvider,
					Metrics:       Metrics{Likes: u64(104121), Comments: u64(6526), Shares: u64(11311 + 2915), Saves: u64(702)},
					Quote:         true,
				}},
			},
		},
		{
			name: "pinned video tweet with views above 2^31",
			want: Item{
				Account: &Account{
					Handle: "nasa", PlatformID: "11348282", Keys: []string{"nasa"}, DisplayName: "NASA",
					AvatarURL: "https://pbs.twimg.com/profile_images/1321163587679784960/0ZxKlEKB_normal.jpg", Followers: u64(89123456),
				},
				Videos: []Video{{
					ID:            "1953849214411178241",
					URL:           "https://x.com/nasa/status/1953849214411178241",
					AuthorHandle:  "nasa",
					Caption:       "Liftoff! Watch the launch of Crew-11 to the @Space_Station. https://t.co/abc123XYZ",
					ThumbnailURL:  "https://pbs.twimg.com/amplify_video_thumb/1953848711149318144/img/Zr8kN2mQ.jpg",
					PublishedAt:   utc("2025-08-08T15:43:42Z"),
					PublishedFrom: PublishedProvider,
					DurationSec:   f64(61),
					Metrics:       Metrics{Views: u64(2147483648), Likes: u64(19870), Comments: u64(512), Shares: u64(2810 + 233), Saves: u64(640)},
					Pinned:        true,
				}},
			},
		},
		{
			name: "old tweet: no views, no quotes, no bookmarks",
			want: Item{
				Account: &Account{Handle: "jack", PlatformID: "12", Keys: []string{"jack"}, DisplayName: "jack", Followers: u64(6400000)},
				Videos: []Video{{
					ID:            "20",
					URL:           "https://x.com/jack/status/20",
					AuthorHandle:  "jack",
					Caption:       "just setting up my twttr",
					PublishedAt:   utc("2006-03-21T20:50:14Z"),
					PublishedFrom: PublishedProvider,
					Metrics:       Metrics{Likes: u64(298000), Comments: u64(17000), Shares: u64(123456)},
				}},
			},
		},
		{
			name: "numeric id, counts as strings, retweets and quotes null",
			want: Item{
				Input:   "from:nogoodio",
				Account: &Account{Handle: "nogoodio", PlatformID: "1150045581409054720", Keys: []string{"nogoodio"}, DisplayName: "NoGood"},
				Videos: []Video{{
					ID:            "1931234567890123457",
					URL:           "https://x.com/nogoodio/status/1931234567890123457",
					AuthorHandle:  "nogoodio",
					Caption:       "hot take: most \"viral\" hooks are just good captions. thread 🧵",
					PublishedAt:   utc("2025-06-07T14:05:09Z"),
					PublishedFrom: PublishedProvider,
					Metrics:       Metrics{Views: u64(1200000), Likes: u64(1234), Comments: u64(83000)},
				}},
			},
		},
		{
			name: "id and author from twitterUrl",
			want: Item{
				Account: &Account{Handle: "nasa", Keys: []string{"nasa"}},
				Videos: []Video{{
					ID:            "1728108619189874999",
					URL:           "https://x.com/nasa/status/1728108619189874999",
					AuthorHandle:  "nasa",
					Caption:       "an item whose id field went missing",
					PublishedAt:   utc("2023-11-25T09:00:00Z"),
					PublishedFrom: PublishedProvider,
					Metrics:       Metrics{Likes: u64(5), Shares: u64(2)},
				}},
			},
		},
		{
			name: "noResults row",
			want: Item{Failed: true, Reason: "No results for this input"},
		},
		{name: "tweet without id or URL", wantErr: true},
	})
}

func TestNormalizeRejects(t *testing.T) {
	for _, c := range []struct {
		name string
		p    platform.Platform
		raw  string
	}{
		{"array", platform.TikTok, `[{"id": "1"}]`},
		{"string", platform.Instagram, `"DSGhrgIDmkP"`},
		{"null", platform.YouTube, `null`},
		{"number", platform.X, `1728108619189874825`},
		{"truncated", platform.TikTok, `{"id": "7623046776752295175"`},
		{"trailing data", platform.X, `{"id": "20"} {"id": "21"}`},
		{"empty", platform.X, ``},
		{"unknown platform", platform.Platform("vine"), `{"id": "1"}`},
		{"empty object", platform.YouTube, `{}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if it, err := Normalize(c.p, json.RawMessage(c.raw), testNow); err == nil {
				t.Errorf("want an error, got %s", dump(it))
			}
		})
	}
}

func TestNormalizeCounts(t *testing.T) {
	for _, c := range []struct {
		in   string // a JSON value
		want *uint64
	}{
		{`0`, u64(0)},
		{`83000`, u64(83000)},
		{`2147483648`, u64(2147483648)},
		{`9223372036854775807`, u64(math.MaxInt64)},
		{`9223372036854775808`, nil},
		{`1.2e6`, u64(1200000)},
		{`12.6`, u64(13)},
		{`1e400`, nil},
		{`-1`, nil},
		{`-0.5`, nil},
		{`"83000"`, u64(83000)},
		{`" 83000 "`, u64(83000)},
		{`"+42"`, u64(42)},
		{`"1,234,567"`, u64(1234567)},
		{`"1 234 567"`, u64(1234567)},
		{"\"1\u00a0234\"", u64(1234)},
		{`"1.2M"`, u64(1200000)},
		{`"1.2m"`, u64(1200000)},
		{`"83K"`, u64(83000)},
		{`"83 K"`, u64(83000)},
		{`"3B"`, u64(3000000000)},
		{`"1.2M views"`, u64(1200000)},
		{`"13,100,000 subscribers"`, u64(13100000)},
		{`"1.5e3"`, u64(1500)},
		{`"-1"`, nil},
		{`"1,2K"`, nil},
		{`"12,34"`, nil},
		{`",123"`, nil},
		{`"1.2.3"`, nil},
		{`"N/A"`, nil},
		{`"NaN"`, nil},
		{`"Infinity"`, nil},
		{`""`, nil},
		{`"K"`, nil},
		{`"99999999999999999999"`, nil},
		{`"10000000000B"`, nil},
		{`null`, nil},
		{`true`, nil},
		{`false`, nil},
		{`{"count": 5}`, nil},
		{`[5]`, nil},
	} {
		o, err := decodeObject([]byte(`{"n": ` + c.in + `}`))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		got := o.count("n")
		if (got == nil) != (c.want == nil) || (got != nil && *got != *c.want) {
			t.Errorf("parseCount(%s) = %s, want %s", c.in, fmtCount(got), fmtCount(c.want))
		}
	}
}

func fmtCount(p *uint64) string {
	if p == nil {
		return "nil"
	}
	b, _ := json.Marshal(*p)
	return string(b)
}

func TestNormalizeTimes(t *testing.T) {
	for _, c := range []struct {
		in   string // a JSON value
		want string // RFC 3339, "" for nil
	}{
		{`"2025-08-28T17:44:35.000Z"`, "2025-08-28T17:44:35Z"},
		{`"2025-08-28T19:44:35+02:00"`, "2025-08-28T17:44:35Z"},
		{`"2025-08-28T17:44:35"`, "2025-08-28T17:44:35Z"},
		{`"2025-08-28 17:44:35"`, "2025-08-28T17:44:35Z"},
		{`"Fri Nov 24 17:49:36 +0000 2023"`, "2023-11-24T17:49:36Z"},
		{`"2023-11-03"`, "2023-11-03T00:00:00Z"},
		{`"Nov 3, 2023"`, "2023-11-03T00:00:00Z"},
		{`"Premiered Nov 3, 2023"`, "2023-11-03T00:00:00Z"},
		{`"Streamed live on Nov 3, 2023"`, "2023-11-03T00:00:00Z"},
		{`1756403075`, "2025-08-28T17:44:35Z"},
		{`1756403075000`, "2025-08-28T17:44:35Z"},
		{`"1756403075"`, "2025-08-28T17:44:35Z"},
		{`"10 months ago"`, "2025-09-01T00:00:00Z"},
		{`"1 year ago"`, "2025-07-01T00:00:00Z"},
		{`"2 weeks ago"`, "2026-06-17T00:00:00Z"},
		{`"3 days ago"`, "2026-06-28T00:00:00Z"},
		{`"Streamed 5 hours ago"`, "2026-07-01T07:00:00Z"},
		{`"an hour ago"`, "2026-07-01T11:00:00Z"},
		{`"30 minutes ago"`, "2026-07-01T12:04:00Z"},
		{`"45 seconds ago"`, "2026-07-01T12:34:11Z"},
		{`"99999 years ago"`, ""},
		{`"2026-07-02T12:00:00Z"`, "2026-07-02T12:00:00Z"}, // within the clock skew
		{`"2099-01-01T00:00:00Z"`, ""},
		{`9223372036854775807`, ""},
		{`0`, ""},
		{`-5`, ""},
		{`"0001-01-01T00:00:00Z"`, ""},
		{`"yesterday"`, ""},
		{`""`, ""},
		{`null`, ""},
		{`true`, ""},
		{`{"date": "2023-11-03"}`, ""},
	} {
		o, err := decodeObject([]byte(`{"t": ` + c.in + `}`))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		got := ""
		if p := parseTime(o.get("t"), testNow); p != nil {
			got = p.Format(time.RFC3339)
		}
		if got != c.want {
			t.Errorf("parseTime(%s) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNormalizeDurations(t *testing.T) {
	for _, c := range []struct {
		in   string // a JSON value
		want float64
	}{
		{`27`, 27},
		{`44.9`, 44.9},
		{`"00:27:11"`, 1631},
		{`"29:54"`, 1794},
		{`"0:15"`, 15},
		{`"3:12:09"`, 11529},
		{`"45"`, 45},
		{`"PT1M5S"`, 65},
		{`"PT2H"`, 7200},
		{`0`, 0},
		{`-3`, 0},
		{`"P"`, 0},
		{`"PT"`, 0},
		{`"1:2:3:4"`, 0},
		{`"abc"`, 0},
		{`null`, 0},
	} {
		o, err := decodeObject([]byte(`{"d": ` + c.in + `}`))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		var got float64
		if p := parseDuration(o.get("d")); p != nil {
			got = *p
		}
		if got != c.want {
			t.Errorf("parseDuration(%s) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestNormalizeReasons(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Empty or private data for provided input", "Empty or private data for provided input"},
		{"no_items", "No items"},
		{"POST_NOT_FOUND", "Post not found"},
		{"restricted-page", "Restricted page"},
		{"Line one\n\tline two\u200b\x00", "Line one line two"},
		{"   ", ""},
		{strings.Repeat("é", 300), strings.Repeat("é", 199) + "…"},
	} {
		if got := userSafeReason(c.in); got != c.want {
			t.Errorf("userSafeReason(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNormalizeHandles(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"NoGood.io", "nogood.io"},
		{"@StromaeVEVO", "stromaevevo"},
		{" kylan_darnell ", "kylan_darnell"},
		{"some-handle", "some-handle"},
		{"\u212aelvin", ""}, // Kelvin sign: strings.ToLower would make it "kelvin"
		{"세르프", ""},
		{"two words", ""},
		{"user/status", ""},
		{"@", ""},
		{"", ""},
	} {
		if got := normHandle(c.in); got != c.want {
			t.Errorf("normHandle(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzNormalize feeds every platform arbitrary items, seeded with the
// fixtures. Normalize must never panic; on success every video has an id and
// no metric is beyond the int64 range (which would read back as negative).
func FuzzNormalize(f *testing.F) {
	platforms := []platform.Platform{platform.TikTok, platform.Instagram, platform.YouTube, platform.X}
	for file, p := range fixtureFiles {
		for _, raw := range loadFixture(f, file) {
			for i, q := range platforms {
				if q == p {
					f.Add(uint8(i), []byte(raw))
				}
			}
		}
	}
	f.Add(uint8(0), []byte(`{"id": "1", "playCount": "-9223372036854775809"}`))
	f.Add(uint8(3), []byte(`{"id": "1", "retweetCount": 9223372036854775807, "quoteCount": 9223372036854775807}`))

	f.Fuzz(func(t *testing.T, pi uint8, raw []byte) {
		p := platforms[int(pi)%len(platforms)]
		it, err := Normalize(p, raw, testNow)
		if err != nil {
			return
		}
		if it.Platform != p {
			t.Fatalf("platform %q, want %q", it.Platform, p)
		}
		if it.Failed && (it.Account != nil || len(it.Videos) > 0 || it.Reason == "") {
			t.Fatalf("failure row with content or without reason: %s", dump(it))
		}
		checkCount := func(what string, c *uint64) {
			if c != nil && *c > math.MaxInt64 {
				t.Fatalf("%s = %d is beyond int64", what, *c)
			}
		}
		if it.Account != nil {
			checkCount("followers", it.Account.Followers)
		}
		for _, v := range it.Videos {
			if v.ID == "" || v.URL == "" {
				t.Fatalf("video without id or URL: %s", dump(it))
			}
			m := v.Metrics
			for name, c := range map[string]*uint64{"views": m.Views, "likes": m.Likes, "comments": m.Comments, "shares": m.Shares, "saves": m.Saves} {
				checkCount(name, c)
			}
			if v.DurationSec != nil && !(*v.DurationSec > 0) {
				t.Fatalf("duration %v", *v.DurationSec)
			}
			if v.PublishedAt != nil && v.PublishedAt.Location() != time.UTC {
				t.Fatalf("published at %v is not UTC", v.PublishedAt)
			}
		}
	})
}

// FuzzNormalizeField puts arbitrary JSON (or, when it is not JSON, a string)
// into one field of a real fixture item, nested fields addressed as
// "authorMeta.fans". Byte mutations of whole items rarely keep the JSON
// valid; this target reaches the typed getters with every kind of value.
func FuzzNormalizeField(f *testing.F) {
	type fixtureItem struct {
		p   platform.Platform
		raw json.RawMessage
	}
	var items []fixtureItem
	for _, file := range []string{"clockworks_tiktok-scraper.json", "apify_instagram-scraper.json", "apify_instagram-reel-scraper.json", "streamers_youtube-scraper.json", "apidojo_tweet-scraper.json"} {
		for _, raw := range loadFixture(f, file) {
			items = append(items, fixtureItem{fixtureFiles[file], raw})
		}
	}
	seeds := []struct {
		key, value string
	}{
		{"playCount", `"1.2M"`}, {"authorMeta.fans", `-1`}, {"authorMeta", `[]`}, {"videoMeta.duration", `"1:2:3"`},
		{"createTimeISO", `"3 days ago"`}, {"latestPosts", `[{"shortCode": 5}]`}, {"latestPosts", `{"a": 1}`},
		{"shortCode", `null`}, {"id", `1e30`}, {"date", `"Streamed 99999 hours ago"`}, {"channelUrl", `"https://www.youtube.com/@"`},
		{"author.followers", `{"n": 1}`}, {"extendedEntities.media", `[{"video_info": {"duration_millis": "x"}}]`},
		{"error", `{"message": "blocked"}`}, {"noResults", `"true"`}, {"url", `"https://x.com/i/web/status/20"`},
	}
	for i, s := range seeds {
		f.Add(uint16(i*3), s.key, []byte(s.value))
	}
	f.Fuzz(func(t *testing.T, idx uint16, key string, value []byte) {
		item := items[int(idx)%len(items)]
		var m map[string]any
		if err := json.Unmarshal(item.raw, &m); err != nil || m == nil {
			return // the fixture's non-object entries, if any
		}
		var v any = string(value)
		if json.Valid(value) {
			v = json.RawMessage(value)
		}
		path := strings.Split(key, ".")
		at := m
		for _, k := range path[:len(path)-1] {
			next, ok := at[k].(map[string]any)
			if !ok {
				next = map[string]any{}
				at[k] = next
			}
			at = next
		}
		at[path[len(path)-1]] = v
		raw, err := json.Marshal(m)
		if err != nil {
			return
		}
		it, err := Normalize(item.p, raw, testNow)
		if err != nil {
			return
		}
		for _, v := range it.Videos {
			if v.ID == "" {
				t.Fatalf("video without id: %s", dump(it))
			}
			for _, c := range []*uint64{v.Metrics.Views, v.Metrics.Likes, v.Metrics.Comments, v.Metrics.Shares, v.Metrics.Saves} {
				if c != nil && *c > math.MaxInt64 {
					t.Fatalf("count %d beyond int64: %s", *c, dump(it))
				}
			}
		}
		if it.Account != nil && it.Account.Followers != nil && *it.Account.Followers > math.MaxInt64 {
			t.Fatalf("followers beyond int64: %s", dump(it))
		}
	})
}

// FuzzParseCount checks the count parser alone: never beyond int64, and a
// plain decimal within range reads back exactly.
func FuzzParseCount(f *testing.F) {
	for _, s := range []string{"83000", "1,234,567", "1.2M", "83K", "3B", "-1", "1 234", "1.2M views", "9223372036854775807", "1e308", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := countFromString(s)
		if got != nil && *got > math.MaxInt64 {
			t.Fatalf("countFromString(%q) = %d", s, *got)
		}
		if isDigits(s) {
			want, err := json.Number(s).Int64()
			if err == nil && (got == nil || *got != uint64(want)) {
				t.Fatalf("countFromString(%q) = %v, want %d", s, got, want)
			}
		}
	})
}

// TestNormalizeTikTokShopFlag pins what makes a TikTok video a shop video:
// hasTikTokShopProduct alone. The seller markers (authorMeta.ttSeller,
// commerceUserInfo.commerceUser) describe the account, and a seller's video
// without the product flag is unknown, not a shop video.
func TestNormalizeTikTokShopFlag(t *testing.T) {
	tests := []struct {
		name         string
		fields       string // JSON members added to a minimal item
		shop, seller *bool
	}{
		{"no marker", ``, nil, nil},
		{"commerceUser alone", `"authorMeta": {"name": "a.b", "commerceUserInfo": {"commerceUser": true}}`, nil, flagOf(true)},
		{"ttSeller alone", `"authorMeta": {"name": "a.b", "ttSeller": true}`, nil, flagOf(true)},
		{"top-level commerceUser alone", `"authorMeta": {"name": "a.b"}, "commerceUserInfo": {"commerceUser": true}`, nil, flagOf(true)},
		{"every seller marker, product flag null", `"authorMeta": {"name": "a.b", "ttSeller": true, "commerceUserInfo": {"commerceUser": true}}, "hasTikTokShopProduct": null`, nil, flagOf(true)},
		{"seller, product flag false", `"authorMeta": {"name": "a.b", "commerceUserInfo": {"commerceUser": true}}, "hasTikTokShopProduct": false`, flagOf(false), flagOf(true)},
		{"not a seller, product flag true", `"authorMeta": {"name": "a.b", "ttSeller": false, "commerceUserInfo": {"commerceUser": false}}, "hasTikTokShopProduct": true`, flagOf(true), flagOf(false)},
		{"product flag as a string", `"hasTikTokShopProduct": "true"`, flagOf(true), nil},
		{"product flag of another type", `"authorMeta": {"name": "a.b", "ttSeller": true}, "hasTikTokShopProduct": 1`, nil, flagOf(true)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw := `{"id": "7234567890123456789", "webVideoUrl": "https://www.tiktok.com/@a.b/video/7234567890123456789"`
			if tc.fields != "" {
				raw += ", " + tc.fields
			}
			raw += "}"
			it, err := Normalize(platform.TikTok, json.RawMessage(raw), testNow)
			if err != nil {
				t.Fatalf("Normalize: %v", err)
			}
			if g := it.Videos[0].IsShop; !sameFlag(g, tc.shop) {
				t.Errorf("IsShop = %s, want %s", flagText(g), flagText(tc.shop))
			}
			var seller *bool
			if it.Account != nil {
				seller = it.Account.IsSeller
			}
			if !sameFlag(seller, tc.seller) {
				t.Errorf("IsSeller = %s, want %s", flagText(seller), flagText(tc.seller))
			}
		})
	}
}

func sameFlag(a, b *bool) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

func flagText(b *bool) string {
	if b == nil {
		return "unknown"
	}
	if *b {
		return "true"
	}
	return "false"
}

// TestNormalizeKindMarkers pins how each platform's items mark reposts,
// quotes, replies and collabs, and the other account each names.
func TestNormalizeKindMarkers(t *testing.T) {
	type marks struct {
		repost, quote, reply bool
		related              string
		coauthors            []string
	}
	const tiktok = `"id": "7281234567890123456", "authorMeta": {"name": "Orig.Author"}`
	const tweet = `"id": "1729171300111671296", "author": {"userName": "Alice", "id": "111"}`
	for _, c := range []struct {
		name string
		p    platform.Platform
		raw  string // JSON members of the item
		want marks
	}{
		{"tiktok own video", platform.TikTok, tiktok + `, "fromProfileSection": "videos", "isRepost": false`, marks{}},
		{"tiktok isRepost", platform.TikTok, tiktok + `, "isRepost": true`, marks{repost: true, related: "orig.author"}},
		{"tiktok isRepost as a string", platform.TikTok, tiktok + `, "isRepost": "true"`, marks{repost: true, related: "orig.author"}},
		{"tiktok reposts section", platform.TikTok, tiktok + `, "fromProfileSection": "reposts"`, marks{repost: true, related: "orig.author"}},
		{"tiktok repost section", platform.TikTok, tiktok + `, "fromProfileSection": " Repost "`, marks{repost: true, related: "orig.author"}},
		{"tiktok repost of an unknown author", platform.TikTok, `"id": "7281234567890123456", "isRepost": true`, marks{repost: true}},

		{"x own tweet", platform.X, tweet + `, "isRetweet": false, "isQuote": false, "isReply": false`, marks{}},
		{"x retweet", platform.X, tweet + `, "isRetweet": true, "retweet": {"id": "1", "author": {"userName": "Other_One"}}`, marks{repost: true, related: "other_one"}},
		{"x retweetedTweet without the flag", platform.X, tweet + `, "retweetedTweet": {"author": {"userName": "bob"}}`, marks{repost: true, related: "bob"}},
		{"x retweeted_status", platform.X, tweet + `, "retweeted_status": {"user": {"screen_name": "Bob"}}`, marks{repost: true, related: "bob"}},
		{"x RT text without the flag", platform.X, tweet + `, "text": "RT @SomeOne: hello"`, marks{repost: true, related: "someone"}},
		{"x RT text, retweet flag only", platform.X, tweet + `, "isRetweet": true, "fullText": "RT @carol: hi"`, marks{repost: true, related: "carol"}},
		{"x RT text, retweet flag false", platform.X, tweet + `, "isRetweet": false, "text": "RT @carol: an old-style manual retweet"`, marks{}},
		{"x empty retweet object", platform.X, tweet + `, "isRetweet": false, "retweet": {}`, marks{}},
		{"x retweet of the author's own tweet", platform.X, tweet + `, "isRetweet": true, "retweet": {"author": {"userName": "alice"}}`, marks{repost: true}},
		{"x quote", platform.X, tweet + `, "isQuote": true, "quote": {"author": {"userName": "Dave"}}`, marks{quote: true, related: "dave"}},
		{"x quotedTweet without the flag", platform.X, tweet + `, "quotedTweet": {"author": {"userName": "dave"}}`, marks{quote: true, related: "dave"}},
		{"x quoteId only", platform.X, tweet + `, "quoteId": "1728107610631729415"`, marks{quote: true}},
		{"x reply", platform.X, tweet + `, "isReply": true, "inReplyToUsername": "Erin"`, marks{reply: true, related: "erin"}},
		{"x reply to an unknown account", platform.X, tweet + `, "isReply": true`, marks{reply: true}},
		{"x reply without the flag", platform.X, tweet + `, "inReplyToUsername": "erin", "inReplyToId": "5"`, marks{reply: true, related: "erin"}},
		{"x reply flag false", platform.X, tweet + `, "isReply": false, "inReplyToUsername": "erin"`, marks{}},
		{"x reply to self: a thread", platform.X, tweet + `, "isReply": true, "inReplyToUsername": "ALICE"`, marks{}},
		{"x reply to self by user id", platform.X, tweet + `, "isReply": true, "inReplyToUserId": "111"`, marks{}},
		{"x retweet and quote: the retweeted author", platform.X, tweet + `, "isRetweet": true, "isQuote": true, "retweet": {"author": {"userName": "bob"}}, "quote": {"author": {"userName": "dave"}}`,
			marks{repost: true, quote: true, related: "bob"}},

		{"instagram collab", platform.Instagram, `"shortCode": "DSGhrgIDmkP", "ownerUsername": "Owner", "coauthorProducers": [{"username": "Wendys"}, {"username": "owner"}, {"username": "wendys"}, {"username": "two words"}, {"id": "1"}, {"username": "nogood.io"}]`,
			marks{coauthors: []string{"wendys", "nogood.io"}}},
		{"instagram without coauthors", platform.Instagram, `"shortCode": "DSGhrgIDmkP", "ownerUsername": "owner", "coauthorProducers": []`, marks{}},
		{"youtube has no markers", platform.YouTube, `"id": "8eEOaCCxGwo", "channelUsername": "nogoodhq", "isRepost": true, "isRetweet": true`, marks{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			it, err := Normalize(c.p, json.RawMessage("{"+c.raw+"}"), testNow)
			if err != nil || len(it.Videos) != 1 {
				t.Fatalf("Normalize: %v, %s", err, dump(it))
			}
			v := it.Videos[0]
			got := marks{v.Repost, v.Quote, v.Reply, v.RelatedHandle, v.Coauthors}
			if g, w := fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", c.want); g != w || (got.coauthors == nil) != (c.want.coauthors == nil) {
				t.Errorf("got %s, want %s", g, w)
			}
		})
	}
}

// TestKindFor pins what a video is to an account.
func TestKindFor(t *testing.T) {
	normalized := func(file string, index int) Video {
		t.Helper()
		it, err := Normalize(fixtureFiles[file], loadFixture(t, file)[index], testNow)
		if err != nil || len(it.Videos) == 0 {
			t.Fatalf("%s %d: %v", file, index, err)
		}
		return it.Videos[0]
	}
	thread, err := Normalize(platform.X, json.RawMessage(`{"id": "1729171300111671296", "author": {"userName": "alice"}, "isReply": true, "inReplyToUsername": "alice"}`), testNow)
	if err != nil {
		t.Fatal(err)
	}
	ytChannel := normalized("streamers_youtube-scraper.json", 0) // @nogoodhq, UCZ4qs1SgV7wTkM2VjHByuRQ
	ytLegacy := normalized("streamers_youtube-scraper.json", 4)  // c/creatorlabs, user/creatorlabstv
	igCollab := normalized("apify_instagram-scraper.json", 0)    // kylan_darnell with wendys
	ttRepost := normalized("clockworks_tiktok-scraper.json", 4)  // gretalynnhihi's video in nogood.io's reposts
	xQuote := normalized("apidojo_tweet-scraper.json", 0)        // elonmusk's quote

	for _, c := range []struct {
		name string
		v    Video
		keys []string
		want domain.PostKind
	}{
		{"own", Video{AuthorHandle: "alice"}, []string{"alice"}, domain.KindOwn},
		{"own, key with @ and capitals", Video{AuthorHandle: "alice"}, []string{"@Alice"}, domain.KindOwn},
		{"own, one of several keys", Video{AuthorHandle: "alice"}, []string{"", "bob", "alice"}, domain.KindOwn},
		{"own post with coauthors", Video{AuthorHandle: "alice", Coauthors: []string{"bob"}}, []string{"alice"}, domain.KindOwn},
		{"collab of another owner", Video{AuthorHandle: "bob", Coauthors: []string{"carol", "alice"}}, []string{"alice"}, domain.KindCollab},
		{"collab, neither owner nor coauthor", Video{AuthorHandle: "bob", Coauthors: []string{"carol"}}, []string{"alice"}, domain.KindOtherAuthor},
		{"instagram collab to its coauthor", igCollab, []string{"wendys"}, domain.KindCollab},
		{"instagram collab to its owner", igCollab, []string{"kylan_darnell"}, domain.KindOwn},
		{"retweet to the retweeter", Video{AuthorHandle: "alice", Repost: true, RelatedHandle: "bob"}, []string{"alice"}, domain.KindRepost},
		{"retweet to the retweeted author", Video{AuthorHandle: "alice", Repost: true, RelatedHandle: "bob"}, []string{"bob"}, domain.KindOtherAuthor},
		{"retweet of one's own tweet", Video{AuthorHandle: "alice", Repost: true}, []string{"alice"}, domain.KindRepost},
		{"tiktok repost to the reposter", ttRepost, []string{"nogood.io"}, domain.KindRepost},
		{"tiktok repost to its author", ttRepost, []string{"gretalynnhihi"}, domain.KindOwn},
		{"quote", xQuote, []string{"elonmusk"}, domain.KindQuote},
		{"quote by another author", xQuote, []string{"nasa"}, domain.KindOtherAuthor},
		{"reply", Video{AuthorHandle: "alice", Reply: true, RelatedHandle: "bob"}, []string{"alice"}, domain.KindReply},
		{"reply to self: a thread", thread.Videos[0], []string{"alice"}, domain.KindOwn},
		{"other author", Video{AuthorHandle: "bob"}, []string{"alice"}, domain.KindOtherAuthor},
		{"other author's reply", Video{AuthorHandle: "bob", Reply: true, RelatedHandle: "alice"}, []string{"alice"}, domain.KindOtherAuthor},
		{"unknown author, flags decide", Video{Reply: true}, []string{"alice"}, domain.KindReply},
		{"unknown author, no flags", Video{}, []string{"alice"}, domain.KindOwn},
		{"no keys: a quote", Video{AuthorHandle: "bob", Quote: true}, nil, domain.KindQuote},
		{"no keys: own", Video{AuthorHandle: "bob", Coauthors: []string{"carol"}}, nil, domain.KindOwn},
		{"blank keys are no keys", Video{AuthorHandle: "bob", Repost: true, RelatedHandle: "bob"}, []string{" "}, domain.KindRepost},
		{"youtube by channel id", ytChannel, []string{"UCZ4qs1SgV7wTkM2VjHByuRQ"}, domain.KindOwn},
		{"youtube by handle", ytChannel, []string{"@nogoodhq"}, domain.KindOwn},
		{"youtube channel id in another case", ytChannel, []string{"ucz4qs1sgv7wtkm2vjhbyurq"}, domain.KindOtherAuthor},
		{"youtube, another channel", ytChannel, []string{"@lofigirl", "UCSJ4gkVC6NrvII8umztf0Ow"}, domain.KindOtherAuthor},
		{"youtube by legacy name", ytLegacy, []string{"c/creatorlabs"}, domain.KindOwn},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.v.KindFor(c.keys...); got != c.want {
				t.Errorf("KindFor(%q) = %q, want %q; video %+v", c.keys, got, c.want, c.v)
			}
		})
	}
}

// TestNormalizePublishedFromID: an item without a readable publish time
// gets the one its TikTok or X id carries; Instagram and YouTube ids carry
// none.
func TestNormalizePublishedFromID(t *testing.T) {
	tiktokIDAt := func(at time.Time) string { return strconv.FormatUint(uint64(at.Unix())<<32|0x5a5a, 10) }
	for _, c := range []struct {
		name     string
		p        platform.Platform
		raw      string
		want     string // RFC 3339, "" for nil
		wantFrom string
	}{
		{"tiktok without a time", platform.TikTok, `{"id": "7281234567890123456"}`, "2023-09-21T11:08:51Z", PublishedID},
		{"tiktok id from the URL", platform.TikTok, `{"webVideoUrl": "https://www.tiktok.com/@a/video/7543693751290481942", "createTimeISO": "not a date"}`, "2025-08-28T17:44:31Z", PublishedID},
		{"tiktok with its own time", platform.TikTok, `{"id": "7543693751290481942", "createTime": 1756403075}`, "2025-08-28T17:44:35Z", PublishedProvider},
		{"tiktok short id", platform.TikTok, `{"id": "72812345678901234"}`, "", ""},
		{"tiktok id before TikTok", platform.TikTok, `{"id": "100000000000000000"}`, "", ""},
		{"tiktok id within the clock skew", platform.TikTok, `{"id": "` + tiktokIDAt(testNow.Add(time.Hour)) + `"}`, "2026-07-01T13:34:56Z", PublishedID},
		{"tiktok id from the future", platform.TikTok, `{"id": "` + tiktokIDAt(testNow.Add(72*time.Hour)) + `"}`, "", ""},
		{"x without a time", platform.X, `{"id": "1729171300111671296"}`, "2023-11-27T16:12:19Z", PublishedID},
		{"x with an unreadable time", platform.X, `{"id": "1728108619189874825", "createdAt": "soon"}`, "2023-11-24T17:49:36Z", PublishedID},
		{"x with its own time", platform.X, `{"id": "1728108619189874825", "createdAt": "Fri Nov 24 17:49:36 +0000 2023"}`, "2023-11-24T17:49:36Z", PublishedProvider},
		{"x sequential id from before snowflakes", platform.X, `{"id": "20"}`, "", ""},
		{"x last sequential id", platform.X, `{"id": "29700859247"}`, "", ""},
		{"instagram without a timestamp", platform.Instagram, `{"id": "3784860661818747151", "shortCode": "DSGhrgIDmkP"}`, "", ""},
		{"youtube without a date", platform.YouTube, `{"id": "8eEOaCCxGwo"}`, "", ""},
		{"youtube with a date", platform.YouTube, `{"id": "8eEOaCCxGwo", "date": "2025-06-16T20:09:39.000Z"}`, "2025-06-16T20:09:39Z", PublishedProvider},
	} {
		t.Run(c.name, func(t *testing.T) {
			it, err := Normalize(c.p, json.RawMessage(c.raw), testNow)
			if err != nil || len(it.Videos) != 1 {
				t.Fatalf("Normalize: %v, %s", err, dump(it))
			}
			v := it.Videos[0]
			got := ""
			if v.PublishedAt != nil {
				got = v.PublishedAt.Format(time.RFC3339Nano)
			}
			if got != c.want || v.PublishedFrom != c.wantFrom {
				t.Errorf("published %q from %q, want %q from %q", got, v.PublishedFrom, c.want, c.wantFrom)
			}
		})
	}
}

// TestNormalizeSound reads the sound a post uses where the platform names
// one (TikTok's musicMeta, Instagram's musicInfo), for every item of the
// fixtures, against the item's own fields; and none where it does not.
func TestNormalizeSound(t *testing.T) {
	for file, p := range fixtureFiles {
		for i, raw := range loadFixture(t, file) {
			it, err := Normalize(p, raw, testNow)
			if err != nil || len(it.Videos) == 0 {
				continue
			}
			var item struct {
				MusicMeta *struct {
					MusicID   json.Number `json:"musicId"`
					MusicName string      `json:"musicName"`
				} `json:"musicMeta"`
				MusicInfo *struct {
					AudioID  json.Number `json:"audio_id"`
					SongName string      `json:"song_name"`
				} `json:"musicInfo"`
			}
			if err := json.Unmarshal(raw, &item); err != nil {
				t.Fatal(err)
			}
			var want *Sound
			switch {
			case p == platform.TikTok && item.MusicMeta != nil:
				want = &Sound{ID: item.MusicMeta.MusicID.String(), Name: item.MusicMeta.MusicName}
			case p == platform.Instagram && item.MusicInfo != nil:
				want = &Sound{ID: item.MusicInfo.AudioID.String(), Name: item.MusicInfo.SongName}
			}
			got := it.Videos[0].Sound
			if (got == nil) != (want == nil) || (got != nil && *got != *want) {
				t.Errorf("item %d of %s: sound %+v, want %+v", i, file, got, want)
			}
		}
	}
	first, err := Normalize(platform.TikTok, loadFixture(t, "clockworks_tiktok-scraper.json")[0], testNow)
	if err != nil || first.Videos[0].Sound == nil || *first.Videos[0].Sound != (Sound{ID: "7623046815311923988", Name: "sonido original"}) {
		t.Fatalf("the first TikTok item's sound: %+v %v", first.Videos[0].Sound, err)
	}
	v, err := Normalize(platform.TikTok, json.RawMessage(`{"id": "7301234567890123456", "authorMeta": {"name": "maya"}, "musicMeta": {"musicName": "  "}}`), testNow)
	if err != nil || v.Videos[0].Sound != nil {
		t.Fatalf("a blank music object: %+v %v", v.Videos[0].Sound, err)
	}
}
