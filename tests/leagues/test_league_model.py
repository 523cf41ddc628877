import pytest
from django.core.exceptions import ValidationError

from leagues.models import League


@pytest.mark.django_db
def test_a_league_cannot_take_the_short_name_of_the_import_page():
    with pytest.raises(ValidationError) as refused:
        League(name="Import", slug="import").full_clean()
    assert "name of a page" in str(refused.value.message_dict["slug"])
