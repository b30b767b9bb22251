"""Trick of the Rails' log: card ids ("BO9", "ERIE-EX", "R1", "pittsburgh") as printed on the cards."""

from __future__ import annotations

from games.trick_of_the_rails import cards
from ui.i18n import Translate
from ui.log import Event, LogStyle, Names, keyed, plain


def card(value: object, t: Translate, names: Names) -> str:
    if not isinstance(value, str):
        return plain(value, t, names)
    if value in cards.CARD_COMPANY:
        return f"{cards.COMPANY_NAMES[cards.CARD_COMPANY[value]]} {cards.CARD_NUMBER[value]}"
    if value in cards.EXCHANGE_CARDS:
        return t("trick.exchange", company=cards.COMPANY_NAMES[cards.EXCHANGE_CARDS[value]])
    if value in cards.CITIES:
        return cards.CITIES[value][0]
    if value in cards.RESERVES:
        return t("trick.reserve", n=value[1:])
    return value


def company(value: object, t: Translate, names: Names) -> str:
    if isinstance(value, str) and value in cards.COMPANY_NAMES:
        return cards.COMPANY_NAMES[value]
    return plain(value, t, names)


LOG = LogStyle()
LOG.param("card_played trick_won share_taken card_removed reserve_replaced card_added", "card",
               card)
LOG.param("reserve_replaced", "reserve", card)
LOG.param("city_placed", "city", card)
LOG.param("locomotive_placed city_placed card_added", "company", company)
LOG.param("city_placed card_added", "end", keyed("trick.end."))
LOG.variant("locomotive_placed", lambda event: "automatic" if event.get("automatic") else None)


# -- bots' captions (`games.trick_of_the_rails.explain`, read from the catalog's `why.` keys) ------
def share(value: object, t: Translate, names: Names) -> str:
    """A share as the bots value it: worth so much now, or about so much once it has a locomotive."""
    if not isinstance(value, dict):
        return plain(value, t, names)
    name = cards.COMPANY_NAMES[value["company"]]
    return t("trick.why.share_now" if value["now"] else "trick.why.share_est", company=name,
             worth=value["worth"])


def prize(value: object, t: Translate, names: Names) -> str:
    """What winning the trick brings: the line card as a share, a city, or one or two locomotives."""
    if not isinstance(value, dict):
        return plain(value, t, names)
    if value["kind"] == "share":
        return t("trick.why.prize_share", card=card(value["card"], t, names),
                 share=share(value["share"], t, names))
    if value["kind"] == "city":
        return t("trick.why.prize_city", city=card(value["city"], t, names), station=value["station"])
    locomotives = value["locomotives"]
    if len(locomotives) == 1:
        return t("trick.why.prize_loco", loco=locomotives[0])
    return t("trick.why.prize_locos", first=locomotives[0], second=locomotives[1])


def _lead(caption: Event) -> str | None:
    return "lead" if caption.get("lead") else None


def _estimate(caption: Event) -> str | None:
    return None if caption.get("now") else "est"


LOG.param("trick.wins trick.sure trick.open trick.keep trick.feed trick.add", "card", card)
LOG.param("trick.wins trick.sure trick.open", "prize", prize)
LOG.param("trick.keep", "share", share)
LOG.param("trick.city", "city", card)
LOG.param("trick.open trick.feed trick.loco trick.city trick.add", "company", company)
LOG.param("trick.city trick.add", "end", keyed("trick.end."))
LOG.variant("trick.sure", _lead)
LOG.variant("trick.open", _lead)
LOG.variant("trick.city", _estimate)
LOG.variant("trick.add", _estimate)
